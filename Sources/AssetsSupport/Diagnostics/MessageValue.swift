/// A value quoted in an error line, clipped: a line names what is wrong, and a value from input (a hash
/// given on the command line, a key of a configuration file) can be any length. Past `limit` scalars the
/// value is cut and its full length said, so a 100 kB hash gives a line of a hundred-odd characters.
package enum MessageValue {
    /// The most scalars of a value an error line quotes.
    package static let limit = 80

    package static func clipped(_ value: String, limit: Int = MessageValue.limit) -> String {
        let scalars = value.unicodeScalars
        guard scalars.count > limit else { return value }
        var cut = ""
        cut.unicodeScalars.append(contentsOf: scalars.prefix(limit))
        return cut + "… (\(value.utf8.count) bytes)"
    }
}
