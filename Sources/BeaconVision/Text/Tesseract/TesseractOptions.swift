import CTesseract
import Foundation

/// How Tesseract is set up: where its language packs are, how it finds lines, whether the picture's lighting is
/// evened out first.
public struct TesseractOptions: Sendable, Hashable {
    /// Where Debian's tesseract-ocr-* packages put the packs.
    public static let debianDataFolder = "/usr/share/tesseract-ocr/5/tessdata"

    /// How Tesseract looks for text in the picture.
    public enum Layout: Sendable, Hashable {
        /// Finds blocks, columns and lines itself: for signs, labels and pages (Tesseract's PSM 3).
        case automatic
        /// The picture is one line of text, as a crop of a line another detector found (PSM 7).
        case singleLine

        var pageSegmentation: TessPageSegMode {
            switch self {
            case .automatic: PSM_AUTO
            case .singleLine: PSM_SINGLE_LINE
            }
        }
    }

    /// The folder holding `<code>.traineddata` files.
    public var dataFolder: String
    public var layout: Layout
    /// Leptonica's background normalisation before recognition: it rescued the unevenly lit photographed page
    /// (io-stack.md §7). Measured on white-on-green signs it does no harm either.
    public var normalizesBackground: Bool

    public init(dataFolder: String = TesseractOptions.debianDataFolder, layout: Layout = .automatic,
                normalizesBackground: Bool = true) {
        self.dataFolder = dataFolder
        self.layout = layout
        self.normalizesBackground = normalizesBackground
    }

    var pageSegmentation: TessPageSegMode { layout.pageSegmentation }

    func dataFolderHasPack(_ code: String) -> Bool {
        FileManager.default.isReadableFile(atPath: "\(dataFolder)/\(code).traineddata")
    }
}
