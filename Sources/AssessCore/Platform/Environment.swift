extension Dictionary where Key == String, Value == String {
    /// The environment variable `name`, or `nil` when it is unset or empty: throughout
    /// `assess` an empty variable counts as unset.
    public func nonEmpty(_ name: String) -> String? {
        guard let value = self[name], !value.isEmpty else { return nil }
        return value
    }
}
