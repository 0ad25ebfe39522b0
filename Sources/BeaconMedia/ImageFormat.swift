/// The still-image formats Beacon decodes, recognised by their first bytes, never by the file name.
public enum ImageFormat: Sendable, Equatable {
    case jpeg
    case png
    /// Tagged Image File Format, as page scanners write it: "II*\0" (little-endian) or "MM\0*" (big-endian).
    case tiff

    /// How many leading bytes `init(sniffing:)` needs to tell every format apart.
    public static let signatureLength = 8

    private static let jpegSignature: [UInt8] = [0xFF, 0xD8, 0xFF]
    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    private static let tiffSignatures: [[UInt8]] = [[0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A]]

    /// The format whose signature `bytes` starts with, or nil when it is neither.
    public init?(sniffing bytes: some Collection<UInt8>) {
        if bytes.starts(with: Self.jpegSignature) {
            self = .jpeg
        } else if bytes.starts(with: Self.pngSignature) {
            self = .png
        } else if Self.tiffSignatures.contains(where: { bytes.starts(with: $0) }) {
            self = .tiff
        } else {
            return nil
        }
    }
}
