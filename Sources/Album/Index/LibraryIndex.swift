// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Localization
import PhotoLibrary
import Synchronization
import SystemPackage

/// What Flick read of the photos of every tree it opened whole, so that a tree opened again
/// is on screen before its folders are walked: each photo's path (byte for byte), size,
/// modification time, inode, format, and what was read of it (date taken, camera, lens, GPS,
/// a Live Photo's content identifier;
/// its sharpness and look, as the likeness cache's measure scored them). An SQLite database in
/// `$XDG_CACHE_HOME/flick/`, and only a cache: the files stay the truth, every row is
/// checked against the disk before it is shown, and a walk replaces what it contradicts.
/// Deleted, damaged, another program's, of another schema, read-only, full, shared with a
/// second Flick, cut off by a kill: the photos open all the same (rebuilt or gone without,
/// said once).
public final class LibraryIndex: Sendable {
    /// What the index knows of a photo.
    public struct Entry: Sendable, Equatable {
        public let photo: Photo
        /// What was read of it (its date as EXIF writes it, "" for none); nil where not read.
        public let traits: PhotoTraits?
        /// How sharp it is and how it looks; nil where not measured (by this measure).
        public var likeness: PhotoLikeness? = nil
    }

    /// The schema's version (`PRAGMA user_version`): another one is rebuilt.
    static let schemaVersion: Int64 = 2
    /// Marks the file as Flick's (`PRAGMA application_id`, "Flk1"): another program's
    /// database at this path is not read as an index.
    static let applicationID: Int64 = 0x466C_6B31

    private let file: FilePath
    private let state = Mutex(State())

    private struct State {
        /// Nil until first used, and after the index was given up for this run.
        var connection: SQLiteConnection?
        var statements: Statements?
        var opened = false
        /// Writes are no longer tried (read-only, full, given up).
        var readOnly = false
        var notice: String?
    }

    private struct Statements {
        let under: SQLiteConnection.Statement
        /// The first photos by date taken below a folder, earliest or latest first.
        let earliest: SQLiteConnection.Statement
        let latest: SQLiteConnection.Statement
        let upsert: SQLiteConnection.Statement
        let delete: SQLiteConnection.Statement
        let taken: SQLiteConnection.Statement
        let looks: SQLiteConnection.Statement?
        /// The place names looked up, by position; nil in an index opened read-only from
        /// before they were kept (its table is made on the first write).
        let places: SQLiteConnection.Statement?
        let placeUpsert: SQLiteConnection.Statement?
    }

    /// Where the index lives: `$XDG_CACHE_HOME/flick/library.sqlite`.
    public static func defaultFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> FilePath {
        ThumbnailCache.cacheHome(environment: environment).appending("flick/library.sqlite")
    }

    /// The index at `file`, opened when first used (a folder alone never needs it).
    public init(file: FilePath = LibraryIndex.defaultFile()) {
        self.file = file
    }

    /// What went wrong with the index since last asked, in words for the user; once.
    public func takeNotice() -> String? {
        state.withLock { state in
            defer { state.notice = nil }
            return state.notice
        }
    }

    /// A photo as the index last saw it, not yet checked on disk.
    public struct Row: Sendable {
        let path: [UInt8]
        let size: Int64
        let modified: Int64
        let format: String
        let traits: PhotoTraits?
        let likeness: PhotoLikeness?
    }

    /// The photos the index holds below `root`, each checked on disk first: a photo gone is
    /// left out, one changed (size or time) is looked at again and its date forgotten.
    /// Empty when the tree was never walked (or the index cannot be read).
    public func photos(under root: FilePath) -> [Entry] {
        Self.checked(rows(under: root)[...])
    }

    /// What the index holds below `root`, by path (its own order: read without a sort,
    /// and nearly the album's, so putting them in it costs one pass).
    public func rows(under root: FilePath) -> [Row] {
        rows(under: root) { $0.under }
    }

    /// The `count` photos taken first (`latest`: last) below `root`, those without a date
    /// after them: the top of a timeline, shown before the rest is checked.
    public func firstRows(under root: FilePath, count: Int, latest: Bool) -> [Row] {
        rows(under: root, limit: count) { latest ? $0.latest : $0.earliest }
    }

    private func rows(under root: FilePath, limit: Int? = nil, _ statement: (Statements) -> SQLiteConnection.Statement) -> [Row] {
        var rows: [Row] = []
        let range = Self.range(under: root)
        use { (statements) throws(SQLiteError) in
            try statement(statements).run([.blob(range.lower), .blob(range.upper)] + (limit.map { [.integer(Int64($0))] } ?? [])) { row in
                let traits = row.text(4).map { date in
                    PhotoTraits(dateTaken: date, camera: row.text(5), lens: row.text(6), latitude: row.real(7), longitude: row.real(8),
                                contentIdentifier: row.text(12))
                }
                let likeness = row.real(9).flatMap { sharpness in
                    row.integer(11) == LikenessCache.version ? PhotoLikeness(sharpness: sharpness, hash: UInt64(bitPattern: row.integer(10))) : nil
                }
                rows.append(Row(path: row.blob(0), size: row.integer(1), modified: row.integer(2), format: row.text(3) ?? "", traits: traits,
                                likeness: likeness))
            }
        }
        return rows
    }

    /// `rows` checked on disk: a photo gone is left out; one changed (size or time) is
    /// looked at again, and its date forgotten.
    public static func checked(_ rows: ArraySlice<Row>) -> [Entry] {
        rows.compactMap { row in
            let path = FilePath(rawBytes: row.path)
            var info = stat()
            guard path.withPlatformString({ stat($0, &info) }) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            guard Int64(info.st_size) == row.size, modified == row.modified, let format = ImageFormat(rawValue: row.format) else {
                return FolderScanner.photo(at: path).map { Entry(photo: $0, traits: nil) }
            }
            let date = Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
            return Entry(photo: Photo(path: path, format: format, byteCount: Int(info.st_size), modificationDate: date), traits: row.traits,
                         likeness: row.likeness)
        }
    }

    /// A walk of `root` found `photos`: they are the tree's rows now. A photo unchanged
    /// keeps its date; rows of photos no longer there go.
    public func record(_ photos: [Photo], under root: FilePath) {
        let range = Self.range(under: root)
        write { (statements) throws(SQLiteError) in
            var before = Set<[UInt8]>()
            try statements.under.run([.blob(range.lower), .blob(range.upper)]) { before.insert($0.blob(0)) }
            for photo in photos {
                let bytes = photo.path.rawBytes
                before.remove(bytes)
                var info = stat()
                guard photo.path.withPlatformString({ stat($0, &info) }) == 0 else { continue }
                let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
                try statements.upsert.run([.blob(bytes), .integer(Int64(info.st_size)), .integer(modified), .integer(Int64(info.st_ino)),
                                           .text(photo.format.rawValue)])
            }
            for gone in before { try statements.delete.run([.blob(gone)]) }
        }
    }

    /// What was read of the photos: dates taken ("" for none), cameras, lenses, positions,
    /// content identifiers.
    public func record(traits read: [FilePath: PhotoTraits]) {
        guard !read.isEmpty else { return }
        func text(_ value: String?) -> SQLiteConnection.Value { value.map { .text($0) } ?? .null }
        func real(_ value: Double?) -> SQLiteConnection.Value { value.map { .real($0) } ?? .null }
        write { (statements) throws(SQLiteError) in
            for (path, traits) in read {
                try statements.taken.run([.text(traits.dateTaken), text(traits.camera), text(traits.lens), real(traits.latitude),
                                          real(traits.longitude), .blob(path.rawBytes), text(traits.contentIdentifier)])
            }
        }
    }

    /// What was measured of the photos: how sharp each is and how it looks (`LikenessCache`'s
    /// measure, whose edition is kept beside them).
    public func record(likenesses measured: [FilePath: PhotoLikeness]) {
        guard !measured.isEmpty else { return }
        write { (statements) throws(SQLiteError) in
            guard let looks = statements.looks else { return }
            for (path, likeness) in measured {
                try looks.run([.real(likeness.sharpness), .integer(Int64(bitPattern: likeness.hash)), .integer(Int64(LikenessCache.version)),
                               .blob(path.rawBytes)])
            }
        }
    }

    /// The place names looked up in earlier runs, by position in hundredths of a degree (a
    /// nil name: no town near it).
    public func placeNames() -> [PlaceNames.Position: String?] {
        var found: [PlaceNames.Position: String?] = [:]
        use { (statements) throws(SQLiteError) in
            try statements.places?.run([]) { row in
                found[PlaceNames.Position(latitude: Int(row.integer(0)), longitude: Int(row.integer(1)))] = .some(row.text(2))
            }
        }
        return found
    }

    /// A place name looked up, kept for the next run.
    public func record(placeName name: String?, at position: PlaceNames.Position) {
        write { (statements) throws(SQLiteError) in
            try statements.placeUpsert?.run([.integer(Int64(position.latitude)), .integer(Int64(position.longitude)), name.map { .text($0) } ?? .null])
        }
    }

    /// Every path below `root` sorts between these bytes: "root/" and "root0" ("0" follows "/").
    private static func range(under root: FilePath) -> (lower: [UInt8], upper: [UInt8]) {
        var bytes = root.rawBytes
        while bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        return (bytes + [UInt8(ascii: "/")], bytes + [UInt8(ascii: "0")])
    }

    // MARK: The database

    /// Runs `body` on the open index; an error gives the index up for this run (damage:
    /// the file is removed, so the next run builds it afresh).
    private func use(_ body: (Statements) throws(SQLiteError) -> Void) {
        state.withLock { state in
            guard let statements = Self.open(&state, file: file) else { return }
            do throws(SQLiteError) {
                try body(statements)
            } catch {
                Self.giveUp(&state, file: file, because: error)
            }
        }
    }

    /// As `use`, in one transaction; nothing where the index cannot be written. A second
    /// Flick holding the lock past the wait leaves this write out.
    private func write(_ body: (Statements) throws(SQLiteError) -> Void) {
        state.withLock { state in
            guard let statements = Self.open(&state, file: file), !state.readOnly, let connection = state.connection else { return }
            do throws(SQLiteError) {
                try connection.execute("BEGIN IMMEDIATE")
                do throws(SQLiteError) {
                    try body(statements)
                    try connection.execute("COMMIT")
                } catch {
                    try? connection.execute("ROLLBACK")
                    throw error
                }
            } catch where error.isBusy {
                return
            } catch where [13, 8, 10].contains(error.code & 0xff) {
                // SQLITE_FULL, SQLITE_READONLY, SQLITE_IOERR: reads go on, writes stop.
                state.readOnly = true
                state.notice = Self.cannotWrite(error)
            } catch {
                Self.giveUp(&state, file: file, because: error)
            }
        }
    }

    private static func open(_ state: inout State, file: FilePath) -> Statements? {
        if state.opened { return state.statements }
        state.opened = true
        let folder = file.removingLastComponent()
        try? FileManager.default.createDirectory(atPath: folder.string, withIntermediateDirectories: true)
        do throws(SQLiteError) {
            state.statements = try prepare(&state, file: file)
        } catch where error.isDamage || error.code == -1 {
            // Not an index of this Flick's (damaged, another program's, another schema): it
            // is only a cache, so it is built again.
            removeFiles(of: file)
            state.notice = localized("Flick's index of photos was unreadable and is built again: {reason}. Nothing is lost; it only remembers what Flick read.",
                                     ["reason": error.description])
            state.statements = try? prepare(&state, file: file)
        } catch {
            // A folder that cannot be written: read what is there, else go without.
            state.readOnly = true
            state.statements = try? prepare(&state, file: file, readOnly: true)
            state.notice = cannotWrite(error)
        }
        return state.statements
    }

    private static func prepare(_ state: inout State, file: FilePath, readOnly: Bool = false) throws(SQLiteError) -> Statements {
        let connection = try SQLiteConnection(file: file, readOnly: readOnly, create: !readOnly)
        let application = try connection.integer("PRAGMA application_id")
        let version = try connection.integer("PRAGMA user_version")
        let isEmpty = try connection.integer("SELECT count(*) FROM sqlite_master") == 0
        if !isEmpty && (application != applicationID || version != schemaVersion) {
            throw SQLiteError(code: -1, message: "a different program's database, or another version's")
        }
        if isEmpty && !readOnly {
            try connection.execute("""
                PRAGMA journal_mode = WAL;
                PRAGMA application_id = \(applicationID);
                PRAGMA user_version = \(schemaVersion);
                CREATE TABLE photo (
                    path BLOB PRIMARY KEY,
                    size INTEGER NOT NULL,
                    modified INTEGER NOT NULL,
                    inode INTEGER NOT NULL,
                    format TEXT NOT NULL,
                    taken TEXT,
                    camera TEXT,
                    lens TEXT,
                    latitude REAL,
                    longitude REAL
                ) WITHOUT ROWID;
                """)
        }
        // Looks were added to the photo table later: an earlier run's index gains them.
        var hasLooks = try connection.integer("SELECT count(*) FROM pragma_table_info('photo') WHERE name = 'look'") > 0
        if !hasLooks && !readOnly {
            try connection.execute("""
                ALTER TABLE photo ADD COLUMN sharpness REAL;
                ALTER TABLE photo ADD COLUMN look INTEGER;
                ALTER TABLE photo ADD COLUMN measure INTEGER;
                """)
            hasLooks = true
        }
        let looks = hasLooks ? "sharpness, look, measure" : "NULL, NULL, NULL"
        // Then content identifiers (a Live Photo's still and video): the photos that may
        // carry one — an iPhone's, and videos — are read again once to find theirs.
        var hasIdentifiers = try connection.integer("SELECT count(*) FROM pragma_table_info('photo') WHERE name = 'content_identifier'") > 0
        if !hasIdentifiers && !readOnly {
            try connection.execute("""
                ALTER TABLE photo ADD COLUMN content_identifier TEXT;
                UPDATE photo SET taken = NULL WHERE format = '\(ImageFormat.video.rawValue)' OR camera LIKE 'Apple %';
                """)
            hasIdentifiers = true
        }
        let identifier = hasIdentifiers ? "content_identifier" : "NULL"
        // The index is a cache: a power cut may cost its last writes, never its shape.
        if !readOnly { try connection.execute("PRAGMA synchronous = NORMAL") }
        // Added after the photo table: made where missing, so an index of an earlier run is
        // kept (an earlier Flick leaves the table alone).
        if !readOnly {
            try connection.execute("""
                CREATE TABLE IF NOT EXISTS place (
                    latitude INTEGER NOT NULL, longitude INTEGER NOT NULL, name TEXT, PRIMARY KEY (latitude, longitude)
                ) WITHOUT ROWID
                """)
        }
        let places = try? connection.prepare("SELECT latitude, longitude, name FROM place")
        let statements = Statements(
            under: try connection.prepare("""
                SELECT path, size, modified, format, taken, camera, lens, latitude, longitude, \(looks), \(identifier) FROM photo
                WHERE path >= ?1 AND path < ?2 ORDER BY path
                """),
            earliest: try connection.prepare("""
                SELECT path, size, modified, format, taken, camera, lens, latitude, longitude, \(looks), \(identifier) FROM photo
                WHERE path >= ?1 AND path < ?2 ORDER BY taken IS NULL OR taken = '', taken LIMIT ?3
                """),
            latest: try connection.prepare("""
                SELECT path, size, modified, format, taken, camera, lens, latitude, longitude, \(looks), \(identifier) FROM photo
                WHERE path >= ?1 AND path < ?2 ORDER BY taken IS NULL OR taken = '', taken DESC LIMIT ?3
                """),
            upsert: try connection.prepare("""
                INSERT INTO photo (path, size, modified, inode, format, taken) VALUES (?1, ?2, ?3, ?4, ?5, NULL)
                ON CONFLICT (path) DO UPDATE SET
                    taken = CASE WHEN size = excluded.size AND modified = excluded.modified THEN taken ELSE NULL END,
                    camera = CASE WHEN size = excluded.size AND modified = excluded.modified THEN camera ELSE NULL END,
                    lens = CASE WHEN size = excluded.size AND modified = excluded.modified THEN lens ELSE NULL END,
                    latitude = CASE WHEN size = excluded.size AND modified = excluded.modified THEN latitude ELSE NULL END,
                    longitude = CASE WHEN size = excluded.size AND modified = excluded.modified THEN longitude ELSE NULL END,
                    \(hasIdentifiers ? "content_identifier = CASE WHEN size = excluded.size AND modified = excluded.modified THEN content_identifier ELSE NULL END," : "")
                    \(hasLooks ? "sharpness = CASE WHEN size = excluded.size AND modified = excluded.modified THEN sharpness ELSE NULL END," : "")
                    size = excluded.size, modified = excluded.modified, inode = excluded.inode, format = excluded.format
                """),
            delete: try connection.prepare("DELETE FROM photo WHERE path = ?1"),
            taken: try connection.prepare(hasIdentifiers
                ? "UPDATE photo SET taken = ?1, camera = ?2, lens = ?3, latitude = ?4, longitude = ?5, content_identifier = ?7 WHERE path = ?6"
                : "UPDATE photo SET taken = ?1, camera = ?2, lens = ?3, latitude = ?4, longitude = ?5 WHERE path = ?6"),
            looks: hasLooks && !readOnly ? try connection.prepare("UPDATE photo SET sharpness = ?1, look = ?2, measure = ?3 WHERE path = ?4") : nil,
            places: places,
            placeUpsert: places == nil || readOnly ? nil : try connection.prepare("INSERT OR REPLACE INTO place (latitude, longitude, name) VALUES (?1, ?2, ?3)"))
        state.connection = connection
        return statements
    }

    private static func giveUp(_ state: inout State, file: FilePath, because error: SQLiteError) {
        state.statements = nil
        state.connection = nil
        if error.isDamage { removeFiles(of: file) }
        state.notice = localized("Flick goes on without its index of photos this time: {reason}.", ["reason": error.description])
    }

    private static func cannotWrite(_ error: SQLiteError) -> String {
        localized("Flick's index of photos cannot be written ({reason}): folders are walked again each time.", ["reason": error.description])
    }

    /// The database and its write-ahead log.
    private static func removeFiles(of file: FilePath) {
        for suffix in ["", "-wal", "-shm"] { unlink(file.string + suffix) }
    }
}
