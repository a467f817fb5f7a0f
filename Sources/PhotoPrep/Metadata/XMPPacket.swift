/// The XMP packet that names the place (`Iptc4xmpCore:Location`), merged into the photo's own packet.
enum XMPPacket {
    static let iptcCore = "http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/"

    /// A new packet naming the place.
    static func fresh(location: String) -> String {
        """
        <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        \(description(location))
         </rdf:RDF>
        </x:xmpmeta>
        <?xpacket end="w"?>
        """
    }

    static func description(_ location: String) -> String {
        """
          <rdf:Description rdf:about="" xmlns:Iptc4xmpCore="\(iptcCore)">
           <Iptc4xmpCore:Location>\(escape(location))</Iptc4xmpCore:Location>
          </rdf:Description>
        """
    }

    /// `packet` with its place name set to `location`: any existing `Iptc4xmpCore:Location`
    /// (element or attribute) removed, a description holding the new one added inside `rdf:RDF`.
    /// Everything else in the packet stays. Nil when the packet has no `rdf:RDF` element.
    static func merging(location: String, into packet: String) -> String? {
        var text = removeLocation(packet)
        guard let rdfStart = text.range(of: ":RDF"), let close = text[rdfStart.upperBound...].firstIndex(of: ">") else {
            return nil
        }
        let closeOffset = text.distance(from: text.startIndex, to: close)
        var insertAt = text.index(after: close)
        if text[text.index(before: close)] == "/" {  // <rdf:RDF/>: open it
            // No `<` before `:RDF` (a packet starting `x:RDF/>`): not XML this can follow.
            guard let prefixStart = text[..<rdfStart.lowerBound].lastIndex(of: "<") else { return nil }
            let prefix = String(text[text.index(after: prefixStart)..<rdfStart.lowerBound])
            text.replaceSubrange(text.index(before: close)...close, with: "></\(prefix):RDF>")
            insertAt = text.index(text.startIndex, offsetBy: closeOffset)
        }
        text.insert(contentsOf: "\n" + description(location), at: insertAt)
        return text
    }

    private static func removeLocation(_ packet: String) -> String {
        var text = packet
        // Element form: <Iptc4xmpCore:Location>…</Iptc4xmpCore:Location> or <Iptc4xmpCore:Location/>.
        while let open = text.range(of: "<Iptc4xmpCore:Location") {
            guard let gt = text[open.upperBound...].firstIndex(of: ">") else { break }
            let afterName = text[open.upperBound]
            guard afterName == ">" || afterName == "/" || afterName == " " else { break }
            if text[text.index(before: gt)] == "/" {
                text.removeSubrange(open.lowerBound...gt)
            } else if let end = text.range(of: "</Iptc4xmpCore:Location>", range: gt..<text.endIndex) {
                text.removeSubrange(open.lowerBound..<end.upperBound)
            } else {
                break
            }
        }
        // Attribute form: Iptc4xmpCore:Location="…".
        for quote in ["\"", "'"] {
            while let attr = text.range(of: "Iptc4xmpCore:Location=" + quote),
                let end = text[attr.upperBound...].firstIndex(of: Character(quote))
            {
                text.removeSubrange(attr.lowerBound...end)
            }
        }
        return text
    }

    static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t", "\n": out.append(c)
            // Other control characters cannot appear in XML 1.0 at all.
            case _
            where c.unicodeScalars.allSatisfy({
                $0.value < 0x20 || $0.value == 0x7F || $0 == "\u{FFFE}" || $0 == "\u{FFFF}"
            }):
                continue
            default: out.append(c)
            }
        }
        return out
    }
}
