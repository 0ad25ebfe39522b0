import BeaconServer
import Testing

@Suite struct PhoneMessageTests {
    @Test func helloIsDecoded() throws {
        var decoder = PhoneMessageDecoder()
        let message = try decoder.decode(text: #"{"v":1,"type":"hello","token":"abc","speech":"server","job":"find cup"}"#)
        #expect(message == .hello(token: "abc", speech: .server, job: "find cup"))
    }
}
