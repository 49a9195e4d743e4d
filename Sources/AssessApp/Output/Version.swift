/// The version `assess --version` prints. `Packaging/build-deb` names the package after
/// `Packaging/VERSION` (with `~gitCOUNT.COMMIT` after it for a build between releases);
/// `CommandLineTests` fails when the two disagree.
package enum Version {
    /// The version number, as in `Packaging/VERSION`.
    package static let number = "0.1.0"
}
