import Foundation

extension Data {
    /// The bytes decoded as UTF-8, without white space at either end.
    var utf8Text: String { String(decoding: self, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
}
