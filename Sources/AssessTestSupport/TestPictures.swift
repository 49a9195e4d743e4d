import Foundation

/// PNG files written by the tests themselves: real pictures drawn from a function of the
/// pixel's position, and hostile ones (a header that claims a huge picture over a stream
/// of zeros that really inflates to it, a damaged stream). The encoder is the smallest
/// that makes valid files: filter 0 on every row, and a zlib stream of stored blocks, or of
/// fixed-Huffman runs of zeros for the bomb.
public enum TestPictures {
    /// An 8-bit RGB PNG `width` × `height` pixels whose pixel (x, y) is `colour(x, y)`.
    public static func png(width: Int, height: Int, colour: (Int, Int) -> (UInt8, UInt8, UInt8)) -> Data {
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (1 + 3 * width))
        for y in 0..<height {
            raw.append(0)
            for x in 0..<width {
                let (red, green, blue) = colour(x, y)
                raw += [red, green, blue]
            }
        }
        return file(width: width, height: height, bitDepth: 8, colourType: 2, idat: zlibStored(raw))
    }

    /// A picture of a dark disc on a light ground, `width` × `height`: easy to recognise as a mosaic.
    public static func disc(width: Int = 64, height: Int = 48) -> Data {
        png(width: width, height: height) { x, y in
            let dx = Double(x) - Double(width) / 2
            let dy = Double(y) - Double(height) / 2
            let inside = dx * dx + dy * dy < Double(min(width, height) * min(width, height)) / 9
            return inside ? (20, 40, 160) : (240, 240, 230)
        }
    }

    /// A file whose header claims `width` × `height` pixels of 1-bit grey and whose stream
    /// holds every byte of them, all zero, compressed about 150 to 1: a decompression bomb.
    public static func bomb(width: Int, height: Int) -> Data {
        let rowBytes = 1 + (width + 7) / 8
        return file(width: width, height: height, bitDepth: 1, colourType: 0, idat: zlibZeros(rowBytes * height))
    }

    /// A file whose header claims `width` × `height` pixels but holds a tiny stream.
    public static func hugeHeader(width: Int, height: Int) -> Data {
        file(width: width, height: height, bitDepth: 8, colourType: 2, idat: zlibStored([0, 0, 0, 0]))
    }

    /// `picture` with the bytes of its pixel stream changed (its checksum no longer matches).
    public static func damaged(_ picture: Data) -> Data {
        var bytes = [UInt8](picture)
        let idat = bytes.indices.first { bytes[$0..<min($0 + 4, bytes.count)].elementsEqual("IDAT".utf8) } ?? 40
        for offset in (idat + 8)..<min(idat + 40, bytes.count - 12) { bytes[offset] ^= 0x5A }
        return Data(bytes)
    }

    /// `picture` cut off in the middle.
    public static func truncated(_ picture: Data) -> Data {
        picture.prefix(picture.count / 2)
    }

    // MARK: - The encoder

    private static func file(width: Int, height: Int, bitDepth: UInt8, colourType: UInt8, idat: [UInt8]) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += chunk("IHDR", bigEndian(width) + bigEndian(height) + [bitDepth, colourType, 0, 0, 0])
        bytes += chunk("IDAT", idat)
        bytes += chunk("IEND", [])
        return Data(bytes)
    }

    private static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return bigEndian(body.count) + typed + bigEndian(Int(crc32(typed)))
    }

    private static func bigEndian(_ value: Int) -> [UInt8] {
        [
            UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
            UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value),
        ]
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    private static func adler32(count: Int, _ bytes: (Int) -> UInt8) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for index in 0..<count {
            a = (a + UInt32(bytes(index))) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }

    /// A zlib stream of stored (uncompressed) deflate blocks.
    private static func zlibStored(_ raw: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65535, raw.count - offset)
            let last: UInt8 = offset + length == raw.count ? 1 : 0
            out += [
                last, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF),
            ]
            out += raw[offset..<(offset + length)]
            offset += length
        } while offset < raw.count
        return out + bigEndian(Int(adler32(count: raw.count) { raw[$0] }))
    }

    /// A zlib stream of `count` zero bytes in one fixed-Huffman block: a literal zero, then
    /// copies of 258 bytes at distance 1, then literals for the rest.
    private static func zlibZeros(_ count: Int) -> [UInt8] {
        var bits = BitWriter()
        bits.write(1, count: 1) // the last block
        bits.write(1, count: 2) // fixed Huffman codes
        func literalZero() { bits.writeCode(0b0011_0000, length: 8) }
        literalZero()
        var left = count - 1
        while left >= 258 {
            bits.writeCode(0b1100_0101, length: 8) // length 258 (code 285)
            bits.writeCode(0, length: 5) // distance 1
            left -= 258
        }
        for _ in 0..<left { literalZero() }
        bits.writeCode(0, length: 7) // end of block (code 256)
        // Over zeros the first sum stays 1 and the second grows by 1 a byte.
        let adler = UInt32(count % 65521) << 16 | 1
        return [0x78, 0x01] + bits.bytes + bigEndian(Int(adler))
    }

    private struct BitWriter {
        var bytes: [UInt8] = []
        var used = 8

        /// `count` bits of `value`, lowest first (deflate's extra bits and header fields).
        mutating func write(_ value: Int, count: Int) {
            for bit in 0..<count { append((value >> bit) & 1) }
        }

        /// A Huffman code, highest bit first.
        mutating func writeCode(_ code: Int, length: Int) {
            for bit in stride(from: length - 1, through: 0, by: -1) { append((code >> bit) & 1) }
        }

        private mutating func append(_ bit: Int) {
            if used == 8 {
                bytes.append(0)
                used = 0
            }
            bytes[bytes.count - 1] |= UInt8(bit) << used
            used += 1
        }
    }
}
