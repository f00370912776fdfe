import ExamPrepTestSupport
import Foundation
import Testing

@testable import ExamPrepServer

/// The bank page's topic tree (issue "Robustness, round four", item 3): built in one pass, it
/// must give what the page drew before (every topic and those above it, siblings by name,
/// each topic's own count) for small trees, deep ones and wide ones, and a window of it must
/// hang in the tree where it belongs.
@Suite("Topic tree")
struct TopicTreeTests {
    /// The listing as paths with depths.
    static func listed(_ tree: TopicTree, _ entries: [TopicTree.Entry]? = nil) -> [String] {
        (entries ?? tree.listing).map { String(repeating: "  ", count: $0.depth) + tree.path(of: $0.node) }
    }

    /// What the listing must be, worked out the slow way: every path and every path above one,
    /// in the order of their segments (which is depth first, siblings by name).
    static func reference(_ paths: [String]) -> [String] {
        var all = Set<[String]>()
        for path in paths where !path.isEmpty {
            let parts = path.split(separator: "/").map(String.init)
            for end in parts.indices { all.insert(Array(parts[...end])) }
        }
        return all.sorted { $0.lexicographicallyPrecedes($1) }.map {
            String(repeating: "  ", count: $0.count - 1) + $0.joined(separator: "/")
        }
    }

    @Test func topicsAboveOthersSiblingsByNameOwnCounts() {
        let tree = TopicTree([
            ("geometry", 3), ("algebra/rings/ideals", 1), ("", 4), ("algebra/groups", 2), ("algebra", 1), ("Algebra", 5),
        ])
        #expect(
            Self.listed(tree) == [
                "Algebra", "algebra", "  algebra/groups", "  algebra/rings", "    algebra/rings/ideals", "geometry",
            ])
        let counts = Dictionary(uniqueKeysWithValues: tree.listing.map { (tree.path(of: $0.node), tree.nodes[$0.node].count) })
        #expect(counts == ["Algebra": 5, "algebra": 1, "algebra/groups": 2, "algebra/rings": 0, "algebra/rings/ideals": 1, "geometry": 3])
        #expect(tree.untopical == 4)
        #expect(tree.nodes[tree.listing[4].node].name == "ideals")
        #expect(tree.place(of: "algebra/rings") == 3 && tree.place(of: "algebra/ring") == nil && tree.place(of: "") == nil)
    }

    @Test func anEmptyBankHasNoTopics() {
        let tree = TopicTree([("", 7)])
        #expect(tree.listing.isEmpty && tree.untopical == 7 && tree.window(0..<200).isEmpty)
        #expect(TopicTree([]).listing.isEmpty)
    }

    @Test func randomTreesMatchTheSlowWay() {
        var random = SplitMix64(seed: 20_270_615)
        for _ in 0..<50 {
            let paths = (0..<Int(random.next() % 40)).map { _ in
                (0...Int(random.next() % 4)).map { _ in ["a", "b", "B", "ä", "a b"][Int(random.next() % 5)] }.joined(separator: "/")
            }
            let tree = TopicTree(paths.map { ($0, 1) })
            #expect(Self.listed(tree) == Self.reference(paths), "\(paths)")
            #expect(tree.listing.reduce(0) { $0 + tree.nodes[$1.node].count } == paths.count)
        }
    }

    @Test func aThousandTenLevelTopics() throws {
        let paths = (0..<1_000).map { index in
            "Physics/u\(index / 100)/v\(String(format: "%02d", index / 10))/w\(String(format: "%03d", index))/x/y/z/p/q/r"
        }
        let tree = TopicTree(paths.map { ($0, 1) })
        // Physics, 10 u, 100 v, and 7 topics for each question below them.
        #expect(tree.listing.count == 1 + 10 + 100 + 7_000)
        #expect(Self.listed(tree) == Self.reference(paths))
        #expect(tree.listing.map(\.depth).max() == 9)
        let deepest = "Physics/u9/v99/w999/x/y/z/p/q/r"
        let place = try #require(tree.place(of: deepest))
        #expect(place == tree.listing.count - 1 && tree.nodes[tree.listing[place].node].count == 1)
    }

    @Test func fiveThousandSiblings() {
        let paths = (0..<5_000).map { "topic \(($0 * 7_919) % 5_000)" }
        let tree = TopicTree(paths.map { ($0, 2) })
        #expect(tree.listing.map { tree.path(of: $0.node) } == paths.sorted())
        #expect(tree.listing.allSatisfy { $0.depth == 0 && tree.nodes[$0.node].count == 2 })
    }

    @Test func aWindowHangsUnderTheTopicsAboveIt() {
        let tree = TopicTree([("a/b/c", 1), ("a/b/d", 1), ("a/e", 1), ("f", 1)])
        // Listing: a, a/b, a/b/c, a/b/d, a/e, f.
        #expect(Self.listed(tree, tree.window(3..<5)) == ["a", "  a/b", "    a/b/d", "  a/e"])
        #expect(Self.listed(tree, tree.window(5..<9)) == ["f"])
        #expect(tree.window(9..<12).isEmpty)
        struct Drawn: Equatable {
            var path: String
            var below: [Drawn]
        }
        let nested = tree.nested(
            tree.window(3..<6), make: { Drawn(path: $1, below: []) }, nest: { $0.below = $1 })
        #expect(
            nested == [
                Drawn(path: "a", below: [Drawn(path: "a/b", below: [Drawn(path: "a/b/d", below: [])]), Drawn(path: "a/e", below: [])]),
                Drawn(path: "f", below: []),
            ])
    }

    @Test func listWindows() {
        let middle = ListWindow(count: 1_000, limit: 200, start: 300)
        #expect(middle.range == 300..<500 && middle.previous == 100 && middle.next == 500)
        let last = ListWindow(count: 1_000, limit: 200, start: 5_000)
        #expect(last.range == 999..<1_000 && last.next == nil && last.previous == 799)
        #expect(ListWindow(count: 10, limit: 200, start: -4).isWhole)
        #expect(ListWindow(count: 0, limit: 200, start: 0).range.isEmpty)
    }
}
