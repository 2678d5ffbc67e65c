// SPDX-License-Identifier: GPL-3.0-or-later
import Album
import Foundation
import Marks
import PhotoLibrary
import SystemPackage
import Testing

/// What words typed find: every word somewhere — in the name and folders below the album,
/// as the year or month taken, as a mark — without case or accents.
@Suite struct PhotoSearchTests {
    let root = FilePath("/home/someone/Pictures")

    func photo(_ relative: String) -> Photo {
        Photo(path: root.appending(relative), format: .jpeg, byteCount: 1, modificationDate: Date(timeIntervalSince1970: 0))
    }

    func finds(_ query: String, _ relative: String, taken: CalendarDay? = nil, marks: PhotoMarks = .none) throws -> Bool {
        try #require(PhotoSearch(query, root: root)).matches(photo(relative), taken: taken, marks: marks)
    }

    @Test func wordsAreFoundInNamesAndFoldersWithoutCaseOrAccents() throws {
        #expect(try finds("lisbon", "2019/Trip to Lisbon/IMG_1.jpg"))
        #expect(try finds("CAFE", "Café de Flore/a.jpg"), "accents off")
        #expect(try finds("trip img_1", "2019/Trip to Lisbon/IMG_1.jpg"), "every word, anywhere")
        #expect(try !finds("trip porto", "2019/Trip to Lisbon/IMG_1.jpg"), "every word must be found")
        #expect(try !finds("pictures", "2019/a.jpg"), "the album's own folders above are not searched")
        #expect(PhotoSearch("   ", root: root) == nil, "no words: the whole album")
    }

    @Test func aYearOrAMonthFindsWhenThePhotoWasTaken() throws {
        let june2019 = CalendarDay(year: 2019, month: 6, day: 14)
        #expect(try finds("2019", "Phone/IMG_1.jpg", taken: june2019))
        #expect(try !finds("2020", "Phone/IMG_1.jpg", taken: june2019))
        #expect(try finds("june 2019", "Phone/IMG_1.jpg", taken: june2019) && finds("jun", "Phone/IMG_1.jpg", taken: june2019))
        #expect(try !finds("july", "Phone/IMG_1.jpg", taken: june2019))
        #expect(try finds("2020", "2020/IMG_1.jpg", taken: june2019), "a folder named by the year finds too")
    }

    /// Days between two ends (what the scrubber writes): both taken in, each end a day, a
    /// month or a year; a photo of no known date is outside any range.
    @Test func daysBetweenTwoEndsFindThePhotosTakenThen() throws {
        let day = { (year: Int, month: Int, day: Int) in CalendarDay(year: year, month: month, day: day) }
        #expect(try finds("2019-06-01..2019-08-31", "a.jpg", taken: day(2019, 6, 1)) && finds("2019-06-01..2019-08-31", "a.jpg", taken: day(2019, 8, 31)))
        #expect(try !finds("2019-06-01..2019-08-31", "a.jpg", taken: day(2019, 9, 1)) && !finds("2019-06-01..2019-08-31", "a.jpg", taken: day(2019, 5, 31)))
        #expect(try finds("2019-06..2019-08", "a.jpg", taken: day(2019, 8, 31)), "a month's end is its last day")
        #expect(try finds("2024-02..2024-02", "a.jpg", taken: day(2024, 2, 29)) && !finds("2023-02..2023-02", "a.jpg", taken: day(2023, 3, 1)))
        #expect(try finds("2018..2019", "a.jpg", taken: day(2019, 12, 31)) && !finds("2018..2019", "a.jpg", taken: day(2020, 1, 1)))
        #expect(try finds("2019-06–2019-07 lisbon", "Lisbon/a.jpg", taken: day(2019, 7, 4)), "an en dash, and other words beside")
        #expect(try !finds("2019..2020", "a.jpg"), "no date known: not within")
        // Not a range: words as any other (a backwards one, a month 13, a day 31 in June).
        #expect(try finds("2020..2019", "2020..2019.jpg") && finds("2019-13..2019-14", "2019-13..2019-14.jpg"))
        #expect(try !finds("2019-06-31..2019-07-01", "a.jpg", taken: day(2019, 7, 1)))
    }

    @Test func theCameraTheLensAndThePlaceAreFound() throws {
        let search = try #require(PhotoSearch("canon lisbon", root: root))
        let traits = PhotoTraits(dateTaken: "", camera: "Canon EOS R6", lens: "RF24-105mm", latitude: 38.71, longitude: -9.14)
        #expect(search.matches(photo("a.jpg"), taken: nil, marks: .none, traits: traits, place: "Lisbon, Portugal"))
        #expect(!search.matches(photo("a.jpg"), taken: nil, marks: .none, traits: traits, place: nil), "the place not yet named")
        #expect(try #require(PhotoSearch("rf24", root: root)).matches(photo("a.jpg"), taken: nil, marks: .none, traits: traits))
    }

    @Test func marksAreFoundByTheirNames() throws {
        #expect(try finds("picks", "a.jpg", marks: PhotoMarks(flag: .pick)) && !finds("picks", "a.jpg"))
        #expect(try finds("rejected", "a.jpg", marks: PhotoMarks(flag: .reject)))
        #expect(try finds("red", "a.jpg", marks: PhotoMarks(label: .red)) && !finds("red", "a.jpg", marks: PhotoMarks(label: .blue)))
        #expect(try finds("red", "Red rocks/a.jpg"), "or the word in a name")
    }
}
