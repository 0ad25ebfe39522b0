import Foundation
import Testing
@testable import BeaconCore

@Suite struct CommandGrammarTests {
    let grammar = CommandGrammar()
    let parser = CommandParser()

    @Test("every English phrase of the table is in the grammar text, but for the commands heard by Moonshine only")
    func everyPhrasePresent() {
        let text = grammar.jsgf()
        #expect(grammar.leftOut.isEmpty)
        let kept = grammar.table.entries.filter(\.inFallbackGrammar)
        #expect(Set(grammar.table.entries.filter { !$0.inFallbackGrammar }.map(\.name))
                == ["what is this", "what colour", "is the light on", "light mode", "allergens", "scan code", "short text"])
        #expect(!text.contains("what is this") && !text.contains("allergens"))
        for entry in kept {
            for phrase in entry.english {
                let spoken = CommandGrammar.spoken(phrase)
                #expect(text.contains("= \(spoken) |") || text.contains("| \(spoken) |") || text.contains("| \(spoken);")
                        || text.contains("(\(spoken) |") || text.contains("| \(spoken))") || text.contains("= \(spoken);")
                        || text.contains("(\(spoken))"),
                        "\(entry.name): \"\(spoken)\" is missing")
            }
        }
    }

    @Test("every sentence the grammar accepts (without determiners) parses back to its own entry's command")
    func sentencesParseBack() {
        var count = 0
        for (entry, phrases) in grammar.entryPhrases {
            for phrase in phrases {
                let values = entry.argument == .none ? [""] : grammar.values(for: entry.argument)
                for value in values {
                    count += 1
                    let sentence = value.isEmpty ? phrase : "\(phrase) \(value)"
                    let argument: CommandTable.ArgumentValue? = switch entry.argument {
                    case .none: CommandTable.ArgumentValue.none
                    case .object, .ownObject, .text, .ride: .words(value)
                    case .language: CommandTable.languageNames[value].map { .language($0) }
                    case .number: CommandTable.numberWords[value].map { .number($0) }
                    case .onOff: .flag(value == "on")
                    }
                    // The command this entry makes, not a neighbour's ("speak faster" is "faster", not a language).
                    let expected = argument.flatMap { entry.command(with: $0) }
                    #expect(expected != nil && parser.parse(sentence) == .command(expected!),
                            "\"\(sentence)\" (\(entry.name)) became \(parser.parse(sentence))")
                }
            }
        }
        #expect(count > 1_000)
    }

    @Test("the grammar is well formed: public command and wake rules, every rule it uses defined")
    func wellFormed() {
        for text in [grammar.jsgf(), grammar.jsgf(filler: "not_a_command", fillerWeight: 1e-12)] {
            #expect(text.hasPrefix("#JSGF V1.0;"))
            #expect(text.contains("public <command> = "))
            #expect(text.contains("public <wake> = "))
            let used = Set(text.matches(of: /<([a-z_]+)>/).map { String($0.1) })
            let defined = Set(text.matches(of: /^(?:public )?<([a-z_]+)> =/.anchorsMatchLineEndings()).map { String($0.1) })
            #expect(used == defined, "used but not defined: \(used.subtracting(defined))")
            #expect(text.split(separator: "\n").allSatisfy { $0.isEmpty || $0.hasPrefix("#") || $0.hasPrefix("grammar")
                || $0.hasSuffix(";") })
        }
    }

    @Test("arguments: detector classes and everyday names, sign words, number words, languages, on and off")
    func arguments() {
        let text = grammar.jsgf()
        for name in ["cup", "cell phone", "mug", "sofa", "keys", "wallet", "dining table"] {
            #expect(grammar.objectNames.contains(name), "\(name)")
        }
        let signs = text.split(separator: "\n").first { $0.hasPrefix("<sign> = ") } ?? ""
        for sign in ["exit", "entrance", "toilet", "pharmacy", "open", "closed", "push", "pull", "platform"] {
            #expect(signs.contains("/ \(sign) |"), "\(sign)")
        }
        for number in ["ten", "fifty", "sixty five", "one hundred"] {
            #expect(text.contains("/ \(number) |") || text.contains("/ \(number);"), "\(number)")
        }
        #expect(text.contains("<language_name> = /0.25/ english | /0.25/ russian | /0.25/ chinese | /0.25/ mandarin;"))
        #expect(text.contains("<on_off> = /0.5/ on | /0.5/ off;"))
        #expect(text.contains("public <wake> = beacon [<command>];"))
    }

    @Test("phrases with a word the recogniser cannot say are left out, and listed")
    func unsayableLeftOut() {
        let limited = CommandGrammar(sayable: { $0 != "tutorial" && $0 != "mug" })
        #expect(limited.leftOut.contains("tutorial"))
        #expect(limited.leftOut.contains("mug"))
        #expect(!limited.objectNames.contains("mug"))
        #expect(!limited.words.contains("tutorial"))
        #expect(limited.jsgf().contains("<tutorial> = teach me | training | how does this work;"))
    }

    @Test("filler branch: both public rules offer it, each filler word weighted, the loop in a rule of its own")
    func fillerBranch() {
        let text = grammar.jsgf(filler: "not_a_command", fillerWeight: 1e-12)
        #expect(text.contains("public <command> = [beacon] (<find_text> | "))
        #expect(text.contains(" | <filler>);"))
        #expect(text.contains("public <wake> = beacon [<find_text> | "))
        #expect(text.contains("<filler> = /0.000000000001/ not_a_command [<filler_loop>];"))
        #expect(text.contains("<filler_loop> = /0.000000000001/ not_a_command [<filler_loop>];"))
        #expect(!grammar.words.contains("not_a_command"))
    }

    @Test("weights are written as plain decimals")
    func weights() {
        #expect(CommandGrammar.decimal(1) == "1.0")
        #expect(CommandGrammar.decimal(0.5) == "0.5")
        #expect(CommandGrammar.decimal(1e-12) == "0.000000000001")
        #expect(CommandGrammar.decimal(2.5e-7) == "0.00000025")
    }
}
