import BeaconCore
import BeaconMedia
import BeaconTestSupport
import Foundation
import Testing

@Suite("Choosing a source for a file")
struct MediaSourcesTests {
    @Test("Photos open as one-frame image sources, whatever their names")
    func photosAreImages() throws {
        guard let coffee = Fixtures.photo("coffee.png"), let bus = Fixtures.photo("bus.jpg") else { return }
        let scratch = try ScratchFolder()
        let disguised = scratch.file("holiday.mp4")
        try FileManager.default.copyItem(at: coffee, to: disguised)
        for (url, width, height) in [(coffee, 600, 400), (bus, 810, 1080), (disguised, 600, 400)] {
            let source = try MediaSources.open(input: url)
            #expect(source is ImageFileSource)
            #expect(source.name == url.lastPathComponent)
            let frame = try #require(try source.nextFrame())
            #expect(frame.width == width && frame.height == height)
            #expect(frame.index == 0 && frame.timestamp == 0)
            #expect(try source.nextFrame() == nil)
        }
    }

    @Test("Anything else opens as a video")
    func othersAreVideos() throws {
        let scratch = try ScratchFolder()
        guard let clip = try VideoFileSourceTests.coffeeClip(in: scratch) else { return }
        let source = try MediaSources.open(input: clip)
        #expect(source is VideoFileSource)
        #expect(VideoFileSourceTests.drain(source).frames.count == 20)
    }

    @Test("Problems with the file are reported before any decoder guesses")
    func fileProblems() throws {
        let scratch = try ScratchFolder()
        #expect(throws: MediaError.fileNotFound("nothing.jpg")) {
            try MediaSources.open(input: scratch.file("nothing.jpg"))
        }
        #expect(throws: MediaError.emptyFile("blank.png")) {
            try MediaSources.open(input: scratch.write("", to: "blank.png"))
        }
        #expect(throws: MediaError.notAPhotoOrVideo("notes.txt")) {
            try MediaSources.open(input: scratch.write("Buy milk.\n", to: "notes.txt"))
        }
        guard let bus = Fixtures.photo("bus.jpg") else { return }
        let cut = scratch.file("bus-half.jpg")
        try Fixtures.truncatedCopy(of: bus, fraction: 0.5, to: cut)
        #expect(throws: MediaError.damagedImage("bus-half.jpg")) { try MediaSources.open(input: cut) }
    }
}
