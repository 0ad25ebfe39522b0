import Foundation

/// The folders searched for model files, besides an explicit path, in the order they are searched.
public struct ModelFolders: Sendable, Hashable {
    /// $BEACON_MODELS, when set.
    public var environment: URL?
    /// ../shared/models beside a checkout, when there is one (see `DevelopmentModelsFolder`).
    public var development: URL?
    /// The user's model cache, where `beacon models install` writes.
    public var cache: URL
    /// The models installed with Beacon, `<prefix>/share/beacon/models` beside `<prefix>/bin/beacon`, when there
    /// is one (see `InstalledModelsFolder`). Searched last, so $BEACON_MODELS and `beacon models install` win.
    public var installed: URL?

    /// The folders as given; `installed` is none unless given.
    public init(environment: URL?, development: URL?, cache: URL, installed: URL? = nil) {
        self.environment = environment
        self.development = development
        self.cache = cache
        self.installed = installed
    }

    /// Reads $BEACON_MODELS, $XDG_CACHE_HOME and $HOME from `environment` (pass the process environment,
    /// or a made-up one in tests) and takes the development folder as found by the caller. The installed folder is
    /// the running program's unless given.
    public init(environment: [String: String], development: URL?,
                installed: URL? = InstalledModelsFolder.ofRunningProgram()) {
        let modelsVariable = environment["BEACON_MODELS"].flatMap { $0.isEmpty ? nil : $0 }
        self.init(environment: modelsVariable.map { URL(fileURLWithPath: $0, isDirectory: true) },
                  development: development,
                  cache: Self.userCache(environment: environment),
                  installed: installed)
    }

    /// $XDG_CACHE_HOME/beacon/models, else ~/.cache/beacon/models.
    public static func userCache(environment: [String: String]) -> URL {
        // The XDG spec says a relative XDG_CACHE_HOME is invalid and must be ignored.
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("beacon/models", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
            .map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".cache/beacon/models", isDirectory: true)
    }

    /// The folders in search order, each with where it came from.
    public var searchOrder: [(location: ModelLocation, folder: URL)] {
        var result: [(ModelLocation, URL)] = []
        if let environment { result.append((.environment, environment)) }
        if let development { result.append((.development, development)) }
        result.append((.cache, cache))
        if let installed { result.append((.installed, installed)) }
        return result
    }
}

/// Where a model file was found.
public enum ModelLocation: String, Sendable, Hashable, Codable, CaseIterable {
    /// A path given on the command line.
    case explicitPath = "path"
    /// The folder named by $BEACON_MODELS.
    case environment = "BEACON_MODELS"
    /// ../shared/models beside a checkout.
    case development = "development"
    /// The user's model cache.
    case cache = "cache"
    /// The models installed with Beacon (`<prefix>/share/beacon/models`).
    case installed = "installed"

    /// A few words for people, e.g. in `beacon models list`.
    public var label: String {
        switch self {
        case .explicitPath: return "given path"
        case .environment: return "$BEACON_MODELS"
        case .development: return "development folder"
        case .cache: return "user cache"
        case .installed: return "installed models folder"
        }
    }
}
