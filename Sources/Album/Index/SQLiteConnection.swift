// SPDX-License-Identifier: GPL-3.0-or-later
internal import CDeferredLibraries
internal import CSQLite
import Foundation
import SystemPackage

/// Why SQLite would not do what was asked: its own words, and its result code.
struct SQLiteError: Error, CustomStringConvertible {
    let code: Int32
    let message: String

    var description: String { message }

    /// The file is not a database, or is damaged: nothing in it can be trusted.
    var isDamage: Bool { [SQLITE_CORRUPT, SQLITE_NOTADB, SQLITE_FORMAT].contains(code & 0xff) }
    /// Another process holds the lock (a second Flick writing).
    var isBusy: Bool { [SQLITE_BUSY, SQLITE_LOCKED].contains(code & 0xff) }
}

/// One connection to an SQLite database, with the few calls the index makes: statements
/// with bound values, stepped row by row. Not shared between threads by itself: its owner
/// keeps it behind a lock.
final class SQLiteConnection {
    private let handle: OpaquePointer

    /// Opens (or, `create`, makes) the database at `file`; read-only where asked.
    init(file: FilePath, readOnly: Bool = false, create: Bool = true) throws(SQLiteError) {
        if let problem = flick_library_problem(FLICK_LIBRARY_SQLITE) {
            throw SQLiteError(code: SQLITE_CANTOPEN, message: String(cString: problem))
        }
        var opened: OpaquePointer?
        var flags = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0)
        // Each connection is used under its owner's lock; SQLite's own mutexes are not needed.
        flags |= SQLITE_OPEN_NOMUTEX
        let result = file.withPlatformString { sqlite3_open_v2($0, &opened, flags, nil) }
        guard result == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(result))
            if let opened { sqlite3_close_v2(opened) }
            throw SQLiteError(code: result, message: message)
        }
        handle = opened
        // A second Flick writing holds the lock briefly; a write that still finds it held
        // is left out (the index is a cache), never waited on without bound.
        sqlite3_busy_timeout(handle, 250)
    }

    deinit { sqlite3_close_v2(handle) }

    /// Runs statements that return nothing worth reading.
    func execute(_ sql: String) throws(SQLiteError) {
        var error: UnsafeMutablePointer<CChar>?
        let result = sqlite3_exec(handle, sql, nil, nil, &error)
        guard result == SQLITE_OK else {
            let message = error.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(result))
            sqlite3_free(error)
            throw SQLiteError(code: result, message: message)
        }
    }

    /// A value bound to a statement's parameter.
    enum Value {
        case blob([UInt8])
        case integer(Int64)
        case real(Double)
        case text(String)
        case null
    }

    /// One row of a result, read by column.
    struct Row {
        fileprivate let statement: OpaquePointer

        func blob(_ column: Int32) -> [UInt8] {
            let count = Int(sqlite3_column_bytes(statement, column))
            guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return [] }
            return Array(UnsafeRawBufferPointer(start: bytes, count: count))
        }

        func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

        func real(_ column: Int32) -> Double? {
            sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : sqlite3_column_double(statement, column)
        }

        func text(_ column: Int32) -> String? {
            guard sqlite3_column_type(statement, column) != SQLITE_NULL, let text = sqlite3_column_text(statement, column) else { return nil }
            return String(cString: text)
        }
    }

    /// A statement prepared once and run many times (the rows of a walk).
    final class Statement {
        fileprivate let handle: OpaquePointer
        private let connection: SQLiteConnection

        fileprivate init(_ handle: OpaquePointer, connection: SQLiteConnection) {
            self.handle = handle
            self.connection = connection
        }

        deinit { sqlite3_finalize(handle) }

        /// Runs the statement with `values`; `row` sees each row it returns.
        func run(_ values: [Value], row: (Row) -> Void = { _ in }) throws(SQLiteError) {
            sqlite3_reset(handle)
            for (offset, value) in values.enumerated() {
                let index = Int32(offset + 1)
                let result: Int32 = switch value {
                case let .blob(bytes): bytes.withUnsafeBytes { flick_sqlite_bind_blob(handle, index, $0.baseAddress, Int32($0.count)) }
                case let .integer(number): sqlite3_bind_int64(handle, index, number)
                case let .real(number): sqlite3_bind_double(handle, index, number)
                case let .text(text): flick_sqlite_bind_text(handle, index, text)
                case .null: sqlite3_bind_null(handle, index)
                }
                guard result == SQLITE_OK else { throw connection.error(result) }
            }
            while true {
                let result = sqlite3_step(handle)
                if result == SQLITE_DONE { break }
                guard result == SQLITE_ROW else {
                    sqlite3_reset(handle)
                    throw connection.error(result)
                }
                row(Row(statement: handle))
            }
            sqlite3_reset(handle)
        }
    }

    func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        var statement: OpaquePointer?
        let result = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard result == SQLITE_OK, let statement else { throw error(result) }
        return Statement(statement, connection: self)
    }

    /// A single integer a query returns (a pragma's value).
    func integer(_ sql: String) throws(SQLiteError) -> Int64 {
        var value: Int64 = 0
        try prepare(sql).run([]) { value = $0.integer(0) }
        return value
    }

    fileprivate func error(_ code: Int32) -> SQLiteError {
        SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)))
    }
}
