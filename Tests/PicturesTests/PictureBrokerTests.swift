// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import Pictures
import PhotoSources
import PhotoLibrary
import Pixels

/// Cuts as the app has them: a square cell filled exactly, or the whole photo within a side.
enum Cut: PictureSizing {
    case fill(Int)
    case fit(Int)

    func covers(_ wanted: Cut) -> Bool {
        switch (self, wanted) {
        case let (.fill(a), .fill(b)): a == b
        case let (.fit(a), .fit(b)): a >= b
        default: false
        }
    }

    var sharpness: Int {
        switch self {
        case let .fill(side), let .fit(side): side
        }
    }
}

/// The broker over a pipeline that only records what it is told; pictures are strings.
final class RecordingPipeline {
    typealias Broker = PictureBroker<String, Cut, String>
    var fetches: [(photo: String, cut: Cut, priority: PicturePriority)] = []
    var cancels: [(photo: String, cut: Cut)] = []
    var pinned: Set<String> = []
    lazy var broker = Broker(
        fetch: { [unowned self] in fetches.append(($0, $1, $2)) },
        cancel: { [unowned self] in cancels.append(($0, $1)) },
        pin: { [unowned self] picture, pin in if pin { pinned.insert(picture) } else { pinned.remove(picture) } })

    func want(_ photo: String, _ cut: Cut, _ priority: PicturePriority = .visible) -> Broker.Want {
        Broker.Want(photo: photo, size: cut, priority: priority)
    }

    /// What was fetched, as "photo cut" strings, and forgets it.
    func takeFetches() -> [String] {
        defer { fetches = [] }
        return fetches.map { "\($0.photo) \($0.cut)" }
    }
}

@Suite struct PictureBrokerTests {
    @Test func twoViewsWantingOnePhotoAtDifferentSizesEachGetTheirOwnAndReleasingOneKeepsTheOthers() {
        let pipeline = RecordingPipeline()
        let broker = pipeline.broker
        var grid: RecordingPipeline.Broker.Demand? = broker.makeDemand()
        let spread = broker.makeDemand()
        grid?.want([pipeline.want("a", .fill(195)), pipeline.want("b", .fill(195))])
        spread.want([pipeline.want("a", .fill(80)), pipeline.want("b", .fill(80))])
        #expect(pipeline.takeFetches() == ["a fill(195)", "b fill(195)", "a fill(80)", "b fill(80)"])

        broker.deliver("a@195", of: "a", size: .fill(195))
        broker.deliver("a@80", of: "a", size: .fill(80))
        broker.deliver("b@195", of: "b", size: .fill(195))
        #expect(pipeline.pinned == ["a@195", "a@80", "b@195"], "wanted pictures are kept")
        #expect(broker.picture(of: "a", for: .fill(195)) == "a@195" && broker.picture(of: "a", for: .fill(80)) == "a@80",
                "neither size re-cuts or replaces the other")

        grid = nil
        #expect(pipeline.pinned == ["a@80"], "the grid's pictures are let go, the spread's kept")
        #expect(pipeline.cancels.isEmpty, "nothing of the grid's was still on its way")
        #expect(pipeline.fetches.isEmpty, "the spread's wants are not asked again")
        #expect(broker.picture(of: "a", for: .fill(80)) == "a@80")
        #expect(broker.picture(of: "b", for: .fill(80)) == "b@195", "a released picture still stands in until the store evicts it")
        broker.evicted("b", size: .fill(195))
        #expect(broker.picture(of: "b", for: .fill(80)) == nil)
        _ = grid
    }

    @Test func theUnionTakesTheHighestPriorityAndFollowsItDownAsDemandsLetGo() {
        let pipeline = RecordingPipeline()
        let broker = pipeline.broker
        let grid = broker.makeDemand()
        var pager: RecordingPipeline.Broker.Demand? = broker.makeDemand()
        grid.want([pipeline.want("a", .fit(1280), .nearby)])
        pager?.want([pipeline.want("a", .fit(1280), .visible)])
        #expect(pipeline.fetches.map(\.priority) == [.nearby, .visible], "raised when a second view wants it more")
        pipeline.fetches = []

        pager = nil
        #expect(pipeline.fetches.map(\.priority) == [.nearby], "lowered again when that view lets go")
        #expect(pipeline.cancels.isEmpty)
        grid.want([])
        #expect(pipeline.cancels.map(\.photo) == ["a"], "wanted by nobody: its decode is cancelled")
        _ = pager
    }

    @Test func decodesStartInTheOrderAViewRanksThemAndAnUnchangedWantIsNotAskedAgain() {
        let pipeline = RecordingPipeline()
        let pager = pipeline.broker.makeDemand()
        pager.want([pipeline.want("c", .fit(1280)), pipeline.want("d", .fit(1152), .nearby), pipeline.want("b", .fit(1152), .nearby)])
        #expect(pipeline.takeFetches() == ["c fit(1280)", "d fit(1152)", "b fit(1152)"])
        pager.want([pipeline.want("d", .fit(1280)), pipeline.want("c", .fit(1152), .nearby), pipeline.want("e", .fit(1152), .nearby)])
        #expect(pipeline.takeFetches() == ["d fit(1280)", "c fit(1152)", "e fit(1152)"])
        #expect(Set(pipeline.cancels.map { "\($0.photo) \($0.cut)" }) == ["c fit(1280)", "d fit(1152)", "b fit(1152)"],
                "paged on: what is no longer wanted is dropped")
    }

    @Test func aLargerPictureServesASmallerWantOfItsKindWithoutASecondDecode() {
        let pipeline = RecordingPipeline()
        let broker = pipeline.broker
        let startUp = broker.makeDemand()
        startUp.want([pipeline.want("a", .fit(1280))])
        broker.deliver("a@1280", of: "a", size: .fit(1280))
        let pager = broker.makeDemand()
        pipeline.fetches = []
        pager.want([pipeline.want("a", .fit(1152)), pipeline.want("a", .fill(195), .nearby)])
        #expect(pipeline.takeFetches() == ["a fill(195)"], "the 1280 fit covers 1152; a fill is another cut")
        startUp.want([])
        #expect(pipeline.pinned == ["a@1280"], "kept for the pager")
        #expect(broker.picture(of: "a", for: .fit(1152)) == "a@1280")
        #expect(broker.picture(of: "a", for: .fit(2560)) == "a@1280", "the sharpest there is stands in for a larger want")
    }

    @Test func aChangedFileGivesBackItsPicturesAndWhatIsWantedIsFetchedAfresh() {
        let pipeline = RecordingPipeline()
        let broker = pipeline.broker
        let grid = broker.makeDemand()
        grid.want([pipeline.want("a", .fill(195)), pipeline.want("b", .fill(195))])
        broker.deliver("a@195", of: "a", size: .fill(195))
        pipeline.fetches = []
        #expect(broker.forget("a") == ["a@195"])
        #expect(pipeline.takeFetches() == ["a fill(195)"])
        #expect(broker.forget("b").isEmpty)
        #expect(pipeline.cancels.map(\.photo) == ["b"], "the old file's decode is dropped")
        #expect(pipeline.takeFetches() == ["b fill(195)"], "and the new one asked for")
        #expect(broker.picture(of: "a", for: .fill(195)) == nil)
    }
}
