import CLua
import CLuaShim

/// Lua the host runs itself: the prelude at every start, the spec library for every
/// spec file. Parsing the prelude's text was an eighth of an empty run's instructions
/// (docs/performance.md), so both are compiled when recorded (`Precompiled+Bytes.swift`, written
/// by `NESTBOX_RECORD=1 swift test --filter PrecompiledChunk`, which also fails when the
/// bytes are not a fresh dump of the current source) and loaded as bytecode: the
/// prelude's with its debug info, so messages and tracebacks name `prelude:LINE` as
/// before, the spec library's without (policy Q57).
/// Scripts never get this path: their text goes through `nb_loadbuffer` (mode "t").
package struct PrecompiledChunk {
    /// lua_load's chunk name ("=prelude").
    package let name: String
    package let source: String
    package let bytecode: [UInt8]
    /// `hash(source)` of the text the bytes were dumped from.
    package let bytecodeSource: UInt64
    /// Dumped without debug info (Q57): the spec library, which raises at its caller's
    /// line and whose frames the position finders skip, loads so in 40 % fewer
    /// instructions (0.85 M against 1.49 M).
    package var stripped = false

    package static var prelude: PrecompiledChunk {
        PrecompiledChunk(name: "=prelude", source: Prelude.source, bytecode: Prelude.bytecode,
                         bytecodeSource: Prelude.bytecodeSource)
    }
    package static var spec: PrecompiledChunk {
        var chunk = PrecompiledChunk(name: "=spec", source: SpecLibrary.source, bytecode: SpecLibrary.bytecode,
                                     bytecodeSource: SpecLibrary.bytecodeSource)
        chunk.stripped = true
        return chunk
    }
    /// Every chunk the recording covers.
    package static var all: [PrecompiledChunk] { [prelude, spec] }

    package init(name: String, source: String, bytecode: [UInt8], bytecodeSource: UInt64) {
        self.name = name; self.source = source; self.bytecode = bytecode; self.bytecodeSource = bytecodeSource
    }

    /// FNV-1a over the text's 8-byte words, their high bits folded down at each step (a
    /// word's product carries its low bits up only), then its last bytes one by one:
    /// bytes recorded from another text (a source edited and not re-recorded) are not
    /// used, so a build never runs a stale prelude. A word at a time, since every `test`
    /// and `run` hashes both chunks: byte by byte it was 210,000 instructions, 3.5 % of
    /// a one-test file's `test`.
    package static func hash(_ text: String) -> UInt64 {
        var text = text
        return text.withUTF8 { bytes in              // a buffer: String.UTF8View's iterator cost 30 instructions a byte
            let raw = UnsafeRawBufferPointer(bytes)
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            var i = 0
            while i + 8 <= raw.count {
                h = (h ^ UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))) &* 0x100_0000_01b3
                h ^= h >> 29
                i += 8
            }
            while i < raw.count { h = (h ^ UInt64(raw[i])) &* 0x100_0000_01b3; i += 1 }
            return h
        }
    }

    /// Pushes the chunk's function (or the message) and returns the status. The bytes
    /// are used only if dumped from this source, under the Lua release that dumped
    /// them, and lua_load refuses a header from another build (version, format, integer
    /// and number sizes); otherwise the source is compiled, as before bytecode (Q57).
    /// `fromBytecode` says which it was.
    func load(_ L: LuaState) -> (status: Int32, fromBytecode: Bool) {
        if Int(nb_lua_release()) == PrecompiledRelease.lua, Self.hash(source) == bytecodeSource {
            let status = bytecode.withUnsafeBufferPointer { buf in
                buf.withMemoryRebound(to: CChar.self) { nb_loadbinary(L, $0.baseAddress, $0.count, name) }
            }
            if status == LUA_OK { return (status, true) }
            L.pop()
        }
        return (L.load(source, chunkName: name), false)
    }

    /// The chunk's source compiled and dumped by the Lua this process runs, debug info
    /// kept (string.dump(f, false)) unless `stripped`; nil if it does not compile.
    package func freshDump() -> [UInt8]? {
        guard let L = luaL_newstate() else { return nil }
        defer { lua_close(L) }
        guard L.load(source, chunkName: name) == LUA_OK else { return nil }
        var bytes: [UInt8] = []
        let status = withUnsafeMutablePointer(to: &bytes) { out in
            lua_dump(L, { _, p, size, ud in
                guard let p, let ud else { return 0 }
                ud.assumingMemoryBound(to: [UInt8].self).pointee
                    .append(contentsOf: UnsafeRawBufferPointer(start: p, count: size))
                return 0
            }, out, stripped ? 1 : 0)
        }
        return status == 0 ? bytes : nil
    }

    /// The Lua release the shim was built against, and the one the bytes were dumped by.
    package static var runningRelease: Int { Int(nb_lua_release()) }
    package static var recordedRelease: Int { PrecompiledRelease.lua }
}
