// SPDX-License-Identifier: GPL-3.0-or-later
import Browser
import Components
import Geometry
import Gestures
import TestSupport
import Testing

/// A form in front of the album (the import's choices): its owner hears every edit and
/// answers with the form as it stands; the keys and clicks are the form's while it is up.
@Suite struct FormSheetTests {
    final class Fixture {
        let f = BrowserFixture(count: 6, labels: FakeLabels())
        var values: [String: FormRow.Value] = ["folder": .text("~/Pictures"), "skip": .toggle(true), "name": .text("")]
        var confirmed = 0, cancelled = 0
        var sheet: FormSheet { f.browser.formSheet }

        init() {
            sheet.onEdit = { [unowned self] id, value in
                values[id] = value
                return form
            }
            sheet.onConfirm = { [unowned self] in confirmed += 1 }
            sheet.onCancel = { [unowned self] in cancelled += 1 }
            sheet.begin(form)
            f.scene.settle()
        }

        /// A name with a slash in it is wrong, and the form cannot be confirmed while it is.
        var form: FormContent {
            guard case let .text(name)? = values["name"] else { return FormContent(title: "", rows: [], confirmTitle: "") }
            let problem = name.contains("/") ? "A name, not a folder" : nil
            return FormContent(title: "Import", rows: [
                FormRow(id: "folder", label: "Copy to", value: values["folder"]!),
                FormRow(id: "skip", label: "Skip photos already imported", value: values["skip"]!),
                FormRow(id: "name", label: "Rename to", value: values["name"]!, placeholder: "{name}", problem: problem),
            ], notes: ["IMG_0001.JPG → \(name.isEmpty ? "IMG_0001" : name).JPG"], confirmTitle: "Import", canConfirm: problem == nil)
        }

        func key(_ key: Key, _ modifiers: KeyModifiers = []) {
            f.key(key, modifiers: modifiers)
            f.scene.settle()
        }

        func type(_ text: String) {
            f.browser.handleText(text)
            f.scene.settle()
        }

        func click(_ name: String) throws {
            let frame = try #require(f.scene.recorder.last.first { $0.viewName == name }?.boundsInWindow, "\(name) is drawn")
            f.scene.play(PointerScript.clicks(at: Point(x: frame.midX, y: frame.midY), startTime: f.scene.now + 0.5))
            f.scene.settle()
        }

        func drawn(_ name: String) -> Bool { f.scene.recorder.last.contains { $0.viewName == name } }
    }

    @Test func typingEditsTheRowInHandAndTabMovesOn() {
        let t = Fixture()
        #expect(t.sheet.focusedRow == 0)
        t.type("/2026")
        #expect(t.values["folder"] == .text("~/Pictures/2026"))
        t.key(.backspace, [.control])
        #expect(t.values["folder"] == .text("~/Pictures/"), "Ctrl+Backspace takes a word")
        t.key(.tab)
        t.key(.tab)
        t.type("Dunes")
        #expect(t.values["name"] == .text("Dunes") && t.sheet.form?.notes == ["IMG_0001.JPG → Dunes.JPG"])
        t.key(.tab, [.shift])
        #expect(t.sheet.focusedRow == 1)
        t.type("x")
        #expect(t.values["skip"] == .toggle(true), "a switch takes no text")
        t.key(.space)
        #expect(t.values["skip"] == .toggle(false))
        t.key(.up)
        t.key(.up)
        #expect(t.sheet.focusedRow == 2, "Up from the first row goes round to the last")
    }

    @Test func enterConfirmsOnlyWhileNothingIsWrongAndEscLeaves() {
        let t = Fixture()
        t.key(.tab)
        t.key(.tab)
        t.type("a/b")
        #expect(t.sheet.focusedRow == 2 && t.values["name"] == .text("a/b"))
        #expect(t.sheet.form?.canConfirm == false && t.drawn("form problem 2 line 0"))
        t.key(.enter)
        #expect(t.confirmed == 0 && t.sheet.isShown, "a name with a slash cannot be imported")
        t.key(.backspace)
        t.key(.backspace)
        #expect(t.sheet.form?.canConfirm == true && !t.drawn("form problem 2 line 0"))
        t.key(.enter)
        #expect(t.confirmed == 1 && !t.sheet.isShown)

        let again = Fixture()
        again.key(.character("q"))
        #expect(again.sheet.isShown && again.cancelled == 0, "a letter is the form's, not the album's")
        again.key(.escape)
        #expect(again.cancelled == 1 && !again.sheet.isShown && again.confirmed == 0)
    }

    @Test func aClickTakesARowAndFlipsASwitchAndTheButtonsAnswer() throws {
        let t = Fixture()
        try t.click("form field 2")
        #expect(t.sheet.focusedRow == 2)
        try t.click("form field 1")
        #expect(t.sheet.focusedRow == 1 && t.values["skip"] == .toggle(false))
        try t.click("form confirm button")
        #expect(t.confirmed == 1 && !t.sheet.isShown)

        let again = Fixture()
        try again.click("form cancel button")
        #expect(again.cancelled == 1 && !again.sheet.isShown)
    }

    /// The form answers the keys while it is up, before the album's commands; the commands
    /// with Ctrl (quit) still go through.
    @Test func theAlbumGetsNoKeysWhileTheFormIsUp() {
        let t = Fixture()
        let shown = t.f.browser.viewKind
        t.key(.character("2"))
        t.key(.right)
        #expect(t.f.browser.viewKind == shown && !t.f.browser.isPagerOpen && t.sheet.isShown)
    }
}
