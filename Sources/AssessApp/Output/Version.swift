/// The version `assess --version` prints. `Packaging/build-deb` names the package after
/// `Packaging/VERSION` (with `~gitCOUNT.COMMIT` after it for a build between releases);
/// `CommandLineTests` fails when the two disagree.
enum Version {
    static let number = "0.1.0"
}
