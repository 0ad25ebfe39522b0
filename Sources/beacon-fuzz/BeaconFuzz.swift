import BeaconFuzzing
import Foundation

/// libFuzzer's driver, found at run time: only `make fuzz` links libFuzzer into this program (with the sanitizer and
/// coverage flags it needs), so an ordinary build has none and says how to get it.
typealias FuzzDriver = @convention(c) (UnsafeMutablePointer<CInt>,
                                       UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                                       @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// The target this process fuzzes; set once before the driver starts, read by the C callback.
nonisolated(unsafe) var fuzzedTarget = FuzzTarget.phoneText

/// `beacon-fuzz TARGET [libFuzzer's options and corpus folders]`: one target of `FuzzTarget` under libFuzzer.
@main struct BeaconFuzz {
    static func main() {
        let arguments = CommandLine.arguments
        guard arguments.count >= 2, let target = FuzzTarget(rawValue: arguments[1]) else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
            FileHandle.standardError.write(Data("beacon-fuzz: name a target first: \(names).\n".utf8))
            exit(2)
        }
        // The program's own symbols (its handle is the null file name's).
        guard let program = dlopen(nil, RTLD_NOW), let symbol = dlsym(program, "LLVMFuzzerRunDriver") else {
            FileHandle.standardError.write(Data("beacon-fuzz: this build has no libFuzzer; run make fuzz.\n".utf8))
            exit(2)
        }
        fuzzedTarget = target
        let driver = unsafeBitCast(symbol, to: FuzzDriver.self)
        // libFuzzer reads argv[0] and its own options; the target's name is not one of them.
        var argv: [UnsafeMutablePointer<CChar>?] = ([arguments[0]] + arguments.dropFirst(2)).map { strdup($0) } + [nil]
        var argc = CInt(argv.count - 1)
        let status = argv.withUnsafeMutableBufferPointer { buffer in
            var base = buffer.baseAddress!
            return driver(&argc, &base) { data, size in
                fuzzedTarget.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
                return 0
            }
        }
        exit(status)
    }
}
