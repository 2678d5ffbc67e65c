// SPDX-License-Identifier: GPL-3.0-or-later
import Browser
import Foundation
import Ingest
import Localization
import PhotoLibrary
import SystemPackage

/// The import's choices before it starts, as its form shows them: where the copies go and a
/// backup, how they are named, whether what was imported before is skipped, each camera's
/// clock, and what goes into every copy's sidecar — each checked as it is typed, with the
/// names the first photos will get. Pure: the card's photos come from a survey read
/// elsewhere (`survey`), the form is drawn by the browser's `FormSheet`.
struct ImportDialog {
    /// The card's photos as read so far.
    enum Survey: Equatable {
        case reading(read: Int, total: Int)
        case read([SurveyedShot])
        case unreadable
    }

    let source: FilePath
    /// What is typed, by row: the folder templates, the name template, the job, the sidecar's
    /// words, each camera's clock.
    var texts: [String: String]
    var skipsImported: Bool
    var survey = Survey.reading(read: 0, total: 0)
    /// The shifts of cameras not on this card, kept as they were.
    private let otherShifts: [String: Int]
    /// How many first names are shown.
    static let namesShown = 3

    /// The dialog as the last import (or the settings) left it.
    init(source: FilePath, options: IngestOptions) {
        self.source = source
        let caption = options.caption
        texts = ["to": options.destinations.first?.text ?? "", "backup": options.destinations.dropFirst().first?.text ?? "",
                 "rename": options.rename.text == IngestOptions.defaultRename ? "" : options.rename.text, "job": options.job,
                 "creator": caption.creator ?? "", "copyright": caption.copyright ?? "", "credit": caption.credit ?? "",
                 "caption": caption.caption ?? "", "keywords": caption.keywords.joined(separator: ", ")]
        for (camera, seconds) in options.clockShifts { texts["clock:" + camera.lowercased()] = Self.shiftText(seconds) }
        otherShifts = options.clockShifts
        skipsImported = options.skipsImported
    }

    mutating func edit(_ id: String, _ value: FormRow.Value) {
        switch value {
        case let .text(text): texts[id] = text
        case let .toggle(on) where id == "skip": skipsImported = on
        case .toggle: break
        }
    }

    /// The cameras that took the card's photos (as read so far), most photos first.
    var cameras: [String] {
        guard case let .read(shots) = survey else { return [] }
        var counts: [String: Int] = [:]
        for case let camera? in shots.map(\.camera) { counts[camera, default: 0] += 1 }
        return counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map(\.key)
    }

    // MARK: - Checking what is typed

    private func text(_ id: String) -> String { (texts[id] ?? "").trimmingCharacters(in: .whitespaces) }

    /// A folder template's mistake, or the template.
    private func folder(_ id: String, needed: Bool) -> Result<NameTemplate?, Problem> {
        let typed = text(id)
        if typed.isEmpty { return needed ? .failure(Problem(localized("Say where the copies go: a folder such as ~/Pictures/%Y"))) : .success(nil) }
        guard typed.hasPrefix("/") || typed == "~" || typed.hasPrefix("~/") else {
            return .failure(Problem(localized("A folder from / or ~ (~/Pictures/%Y)")))
        }
        return Self.template(typed).map { $0 }
    }

    private struct Problem: Error { let text: String; init(_ text: String) { self.text = text } }

    private static func template(_ typed: String) -> Result<NameTemplate, Problem> {
        do throws(NameTemplate.Problem) {
            return .success(try NameTemplate(typed))
        } catch {
            let what = switch error.reason {
            case .lonePercent: localized("A % is followed by a letter (%Y, %m, %d…); %% is a % itself")
            case let .unknownToken(token): localized("{token} is not something Flick fills in", ["token": token])
            case .unclosedBrace: localized("A { has no } after it")
            }
            return .failure(Problem(what))
        }
    }

    private var rename: Result<NameTemplate, Problem> {
        let typed = text("rename")
        if typed.contains("/") { return .failure(Problem(localized("A name, not a folder: no /"))) }
        return Self.template(typed.isEmpty ? IngestOptions.defaultRename : typed)
    }

    private func shift(of camera: String) -> Result<Int, Problem> {
        let typed = text("clock:" + camera.lowercased())
        if typed.isEmpty { return .success(0) }
        guard let shift = IngestOptions.clockShift("camera=" + typed) else {
            return .failure(Problem(localized("Hours and minutes the clock was behind (+1:00) or ahead (-0:30)")))
        }
        return .success(shift.seconds)
    }

    /// The import as chosen; nil while something typed is wrong.
    func options(base: IngestOptions) -> IngestOptions? {
        guard case let .success(to?) = folder("to", needed: true), case let .success(backup) = folder("backup", needed: false),
              case let .success(rename) = rename else { return nil }
        var options = base
        options.destinations = [to] + (backup.map { [$0] } ?? [])
        options.rename = rename
        options.job = text("job")
        options.skipsImported = skipsImported
        var caption = XMPCaption()
        (caption.creator, caption.copyright) = (nonEmpty(text("creator")), nonEmpty(text("copyright")))
        (caption.credit, caption.caption) = (nonEmpty(text("credit")), nonEmpty(text("caption")))
        caption.keywords = text("keywords").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        options.caption = caption
        var shifts = otherShifts.filter { name, _ in !cameras.contains { $0.lowercased() == name.lowercased() } }
        for camera in cameras {
            guard case let .success(seconds) = shift(of: camera) else { return nil }
            if seconds != 0 { shifts[camera] = seconds }
        }
        options.clockShifts = shifts
        return options
    }

    private func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }

    // MARK: - The form

    func form(base: IngestOptions, facts: @escaping Ingest.FactsReader) -> FormContent {
        func problem<T>(_ result: Result<T, Problem>) -> String? {
            if case let .failure(problem) = result { problem.text } else { nil }
        }
        let none = localized("none")
        var rows = [
            FormRow(id: "to", label: localized("Copy to"), value: .text(texts["to"] ?? ""), problem: problem(folder("to", needed: true))),
            FormRow(id: "backup", label: localized("Backup copy to"), value: .text(texts["backup"] ?? ""),
                    placeholder: localized("none (a second drive: /media/backup/%Y)"), problem: problem(folder("backup", needed: false))),
            FormRow(id: "rename", label: localized("Rename to"), value: .text(texts["rename"] ?? ""),
                    placeholder: localized("{name}: the names the camera gave"), problem: problem(rename)),
            FormRow(id: "job", label: localized("Job name"), value: .text(texts["job"] ?? ""), placeholder: none),
            FormRow(id: "skip", label: localized("Skip photos already imported"), value: .toggle(skipsImported)),
        ]
        for camera in cameras {
            rows.append(FormRow(id: "clock:" + camera.lowercased(), label: localized("Clock of {camera}", ["camera": camera]),
                                value: .text(texts["clock:" + camera.lowercased()] ?? ""),
                                placeholder: localized("right (+1:00 if it was an hour behind)"), problem: problem(shift(of: camera))))
        }
        for (id, label) in [("creator", localized("Creator")), ("copyright", localized("Copyright")), ("credit", localized("Credit")),
                            ("caption", localized("Caption")), ("keywords", localized("Keywords"))] {
            rows.append(FormRow(id: id, label: label, value: .text(texts[id] ?? ""),
                                placeholder: id == "keywords" ? localized("none (words, commas between)") : none))
        }
        let chosen = options(base: base)
        return FormContent(title: localized("Import from {card}", ["card": AlbumSession.shown(source)]), rows: rows,
                           notes: notes(chosen, facts: facts), confirmTitle: localized("Import"),
                           canConfirm: chosen != nil && survey != .unreadable)
    }

    /// What the card holds, the tokens, and the first photos' new names.
    private func notes(_ chosen: IngestOptions?, facts: @escaping Ingest.FactsReader) -> [String] {
        var notes: [String] = []
        switch survey {
        case let .reading(read, total):
            notes.append(total == 0 ? localized("Reading the card…")
                : localized("Reading the card: {done} of {total} photos…", ["done": Language.number(read), "total": Language.number(total)]))
        case .unreadable:
            notes.append(localized("{card} cannot be read.", ["card": AlbumSession.shown(source)]))
        case let .read(shots):
            let bytes = shots.reduce(0) { $0 + $1.item.byteCount }, files = shots.reduce(0) { $0 + $1.item.suffixes.count }
            notes.append(shots.isEmpty ? localized("No photos or videos on the card.")
                : localizedPlural("{count} photo or video, {files} files, {bytes}; each copy is checked against the card, which is only read.",
                                  "{count} photos and videos, {files} files, {bytes}; each copy is checked against the card, which is only read.",
                                  count: shots.count, ["files": Language.number(files), "bytes": Language.fileSize(bytes)]))
        }
        notes.append(localized("Filled in: {tokens}", ["tokens": NameTemplate.tokens]))
        guard let chosen, case let .read(shots) = survey, !shots.isEmpty else { return notes }
        let ingest = Ingest(source: source, options: chosen, facts: facts)
        for (source, copies) in ingest.firstCopies(of: shots, count: Self.namesShown) {
            let name = source.lastComponent.map { DisplayName.of(FilePath(root: nil, [$0]).rawBytes) } ?? ""
            notes.append("\(name) → \(PicksDelivery.shown(copies[0]))")
        }
        return notes
    }

    /// "+1:00", "-0:00:30": as `IngestOptions.clockShift` reads it.
    static func shiftText(_ seconds: Int) -> String {
        let size = abs(seconds)
        var text = "\(seconds < 0 ? "-" : "+")\(size / 3600):" + String(format: "%02d", size / 60 % 60)
        if size % 60 != 0 { text += String(format: ":%02d", size % 60) }
        return text
    }
}
