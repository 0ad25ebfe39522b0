import Foundation

/// Answers "which models are here, and are they the right bytes?" for `beacon models list` and `verify`.
public struct ModelInventory: Sendable {
    public let locator: ModelLocator

    public init(locator: ModelLocator) {
        self.locator = locator
    }

    /// One row per catalogue model, describing the copy that would be used.
    /// - Parameter checkContents: hash present files (slower for big models, but the only honest status).
    public func list(checkContents: Bool = true) -> [ModelListing] {
        locator.catalog.entries.map { entry in
            let copies = locator.copies(of: entry)
            let check = copies.first.map { ModelFileCheck.check($0, of: entry, readContents: checkContents) }
            return ModelListing(entry: entry, check: check, copyCount: copies.count)
        }
    }

    /// Recomputes the SHA-256 of every copy of every catalogue model in every searched folder.
    public func verify() -> ModelVerificationReport {
        let checks = locator.catalog.entries.flatMap { entry in
            locator.copies(of: entry).map { ModelFileCheck.check($0, of: entry) }
        }
        return ModelVerificationReport(checks: checks)
    }
}

/// The result of `ModelInventory.verify()`.
public struct ModelVerificationReport: Sendable, Hashable {
    /// Every present model file, in catalogue order, then search order.
    public let checks: [ModelFileCheck]

    /// Files that are present but wrong or unreadable; the CLI should exit non-zero when this is not empty.
    public var failures: [ModelFileCheck] { checks.filter(\.isFailure) }

    public var passed: Bool { failures.isEmpty }
}
