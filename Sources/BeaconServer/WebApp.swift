import Hummingbird
import NIOCore

/// The web app's files, compiled into the binary (SwiftPM embeds `Web/`): nothing to install beside it, nothing
/// fetched from a network.
enum WebApp {
    /// The page, and the deep links that open it with a job to start (docs/protocol.md).
    static let pagePaths = ["/", "/find", "/find-text", "/read", "/explore", "/walk", "/identify", "/colour", "/light", "/short-text"]

    static var page: Response { response(PackageResources.index_html, type: "text/html; charset=utf-8") }

    static func file(named name: String) -> Response? {
        switch name {
        case "index.html": page
        case "app.js": response(PackageResources.app_js, type: "text/javascript; charset=utf-8")
        case "app.css": response(PackageResources.app_css, type: "text/css; charset=utf-8")
        // The service worker must not be served stale, or an old app outlives an update.
        case "sw.js": response(PackageResources.sw_js, type: "text/javascript; charset=utf-8")
        case "manifest.webmanifest": response(PackageResources.manifest_webmanifest, type: "application/manifest+json")
        case "icon.svg": response(PackageResources.icon_svg, type: "image/svg+xml")
        default: nil
        }
    }

    /// The app's files are revalidated on every load (`no-cache`): the service worker keeps the offline copy.
    static func response(_ bytes: [UInt8], type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type, .cacheControl: "no-cache"],
                 body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
