import BeaconServer
import Foundation
import Testing

@Suite struct PhoneMessageTests {
    @Test func everyMessageOfTheProtocolIsDecoded() throws {
        var decoder = PhoneMessageDecoder()
        #expect(try decoder.decode(text: #"{"v":1,"type":"hello","token":"abc","speech":"server","job":"find cup"}"#)
                == .hello(token: "abc", speech: .server, job: "find cup"))
        #expect(try decoder.decode(text: #"{"v":1,"type":"hello","token":"abc"}"#) == .hello(token: "abc", speech: .phone, job: nil))
        #expect(try decoder.decode(text: #"{"v":1,"type":"command","text":"read"}"#) == .command("read"))
        #expect(try decoder.decode(text: #"{"v":1,"type":"talk","state":"start"}"#) == .talk(started: true))
        #expect(try decoder.decode(text: #"{"v":1,"type":"talk","state":"end"}"#) == .talk(started: false))
        let motion = try decoder.decode(text: #"{"v":1,"type":"motion","samples":[{"t":1.5,"ax":0.1,"ay":9.8,"az":0,"gx":0,"gy":0,"gz":0.2}]}"#)
        #expect(motion == .motion([MotionSample(t: 1.5, ax: 0.1, ay: 9.8, az: 0, gx: 0, gy: 0, gz: 0.2)]))
        #expect(try decoder.decode(text: #"{"v":1,"type":"orientation","alpha":null,"beta":80,"gamma":-2}"#)
                == .orientation(alpha: nil, beta: 80, gamma: -2))
        #expect(try decoder.decode(text: #"{"v":1,"type":"location","lat":55.75,"lon":37.62,"accuracy":12}"#)
                == .location(latitude: 55.75, longitude: 37.62, accuracy: 12))
        #expect(try decoder.decode(text: #"{"v":1,"type":"preferences","speech":"server"}"#) == .preferences(speech: .server))
        #expect(try decoder.decode(binary: [0x01, 0xFF, 0xD8, 0xFF, 0xE0]) == .frame(jpeg: [0xFF, 0xD8, 0xFF, 0xE0], number: 1))
        #expect(try decoder.decode(binary: [0x02, 0x01, 0x00, 0xFF, 0xFF]) == .audio([1, -1]))
        #expect(decoder.count == 11)
    }

    @Test func everyWayToBeWrongHasItsCodeAndSentence() {
        func refusal(_ text: String) -> ProtocolViolation? {
            var decoder = PhoneMessageDecoder()
            do {
                _ = try decoder.decode(text: text)
                return nil
            } catch {
                return error
            }
        }
        #expect(refusal("[1,2]") == ProtocolViolation(.invalidPayload, "Message 1 is not a valid JSON object."))
        #expect(refusal(#"{"type":"command","text":"x"}"#)?.code == .protocolError)
        #expect(refusal(#"{"v":"1","type":"command","text":"x"}"#)?.code == .protocolError)
        #expect(refusal(#"{"v":2,"type":"command","text":"x"}"#)
                == ProtocolViolation(.protocolError, "Protocol version 2 is not spoken here; this server speaks version 1."))
        #expect(refusal(#"{"v":1,"type":"command","text":5}"#)
                == ProtocolViolation(.invalidPayload, #"Message 1: "text" must be a string."#))
        #expect(refusal(#"{"v":1,"type":"command","text":"\#(String(repeating: "a", count: 201))"}"#)?.code == .invalidPayload)
        #expect(refusal(#"{"v":1,"type":"talk","state":"maybe"}"#)?.code == .invalidPayload)
        #expect(refusal(#"{"v":1,"type":"location","lat":95,"lon":0}"#)?.code == .invalidPayload)
        #expect(refusal(#"{"v":1,"type":"motion","samples":[{"t":true,"ax":0,"ay":0,"az":0,"gx":0,"gy":0,"gz":0}]}"#)?.code == .invalidPayload)
        let many = Array(repeating: #"{"t":0,"ax":0,"ay":0,"az":0,"gx":0,"gy":0,"gz":0}"#, count: 65).joined(separator: ",")
        #expect(refusal(#"{"v":1,"type":"motion","samples":[\#(many)]}"#)?.code == .messageTooBig)
        #expect(refusal(#"{"v":1,"type":"dance"}"#) == ProtocolViolation(.protocolError, #"Unknown message type "dance"."#))
        #expect(refusal(String(repeating: " ", count: 17 * 1024) + "{}")?.code == .messageTooBig)
    }

    @Test func binaryMessagesAreCheckedBeforeAnythingElseSeesThem() {
        func refusal(_ bytes: [UInt8]) -> ProtocolViolation? {
            var decoder = PhoneMessageDecoder()
            do {
                _ = try decoder.decode(binary: bytes)
                return nil
            } catch {
                return error
            }
        }
        #expect(refusal([]) == ProtocolViolation(.unsupportedData, "Binary message 1 begins with nothing, which is no kind of message."))
        #expect(refusal([0x03, 1, 2])?.code == .unsupportedData, "speech goes the other way")
        #expect(refusal([0x01, 0x89, 0x50, 0x4E, 0x47]) == ProtocolViolation(.unsupportedData, "Frame 1 is not a JPEG."))
        #expect(refusal([0x01, 0xFF, 0xD8] + [UInt8](repeating: 0, count: 512 * 1024))
                == ProtocolViolation(.messageTooBig, "Frame 1 is 513 KiB; the limit is 512 KiB."))
        #expect(refusal([0x02, 1, 2, 3])?.code == .invalidPayload)
        #expect(refusal([0x02] + [UInt8](repeating: 0, count: 64 * 1024 + 2))?.code == .messageTooBig)
    }

    @Test func serverMessagesCarryTheVersionAndTheirFields() throws {
        guard case .text(let speak) = ServerMessage.speak(text: "Cup, 1 metre.", language: "en", priority: "guidance").encoded else {
            Issue.record("speech is text")
            return
        }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(speak.utf8)) as? [String: Any])
        #expect(object["v"] as? Int == 1)
        #expect(object["type"] as? String == "speak")
        #expect(object["text"] as? String == "Cup, 1 metre.")
        guard case .text(let setting) = ServerMessage.setting("distance-unit", value: "feet").encoded,
              case .text(let volume) = ServerMessage.volume(0.5).encoded else { return }
        #expect(setting.contains(#""value":"feet""#))
        #expect(volume.contains(#""value":0.5"#))
        #expect(ServerMessage.yourThings(["keys", "blue mug"]).encoded
                == .text(#"{"names":["keys","blue mug"],"type":"your-things","v":1}"#))
        #expect(ServerMessage.speechAudio(wav: [1, 2]).encoded == .binary([0x03, 1, 2]))
    }
}
