import Testing
@testable import BeaconCore

@Suite struct VolunteerMarkTests {
    @Test func aMarkIsSaidAsAClockDirectionFromWhereTheCameraPointed() {
        #expect(VolunteerMark.point(photo: 1, x: 0.2, y: 0.8).sentence() == "Marked: eleven o'clock, down.")
        #expect(VolunteerMark.point(photo: 2, x: 0.52, y: 0.48).sentence() == "Marked: centred.")
        #expect(VolunteerMark.point(photo: 2, x: 0.9, y: 0.5).sentence() == "Marked: one o'clock.")
    }

    @Test func wordsAreSaidAsTheHelperWroteThem() {
        #expect(VolunteerMark.message(" It is on the shelf by the door ").sentence() == "Helper says: It is on the shelf by the door.")
        #expect(VolunteerMark.message("Under the sofa!").sentence() == "Helper says: Under the sofa.")
        #expect(VolunteerMark.notInPhoto(photo: 3).sentence() == "Not in that photo; keep turning.")
    }

    @Test func russianAndChineseToo() {
        #expect(VolunteerMark.point(photo: 1, x: 0.2, y: 0.8).sentence(language: .russian) == "Отмечено: на одиннадцать часов, ниже.")
        #expect(VolunteerMark.point(photo: 1, x: 0.2, y: 0.8).sentence(language: .chinese) == "已标记：十一点钟方向，偏下。")
        #expect(VolunteerMark.message("在门边的架子上").sentence(language: .chinese) == "志愿者说：在门边的架子上。")
    }
}
