/// Kiln's version: the one place it is written. The Makefile reads it from here to name
/// the Debian package.
enum KilnVersion {
    static let number = "0.9.0"
}
