/// A bank's topic paths ("algebra/groups") as a tree, built in one pass: each path is walked
/// segment by segment from the root, every node finding its child by name in a dictionary of
/// its own, so the work grows with the number of segments (at most 10 a path), never with
/// the square of the topics. A topic that holds no question of its own but has topics below
/// it ("algebra" of "algebra/groups") is a node too.
///
/// `listing` is the tree in the order a page draws it (depth first, siblings by name), each
/// topic with its depth, so that a page can draw a window of it (`TopicTree.Entry`). A node
/// keeps its name as a part of the path it came from and no path of its own: a page asks for
/// the paths of the topics it draws (`path(of:)`), a window's worth.
struct TopicTree: Sendable {
    struct Node: Sendable {
        var name: Substring
        /// Questions of this topic itself (not those below it).
        var count: Int
        /// The node above (nil for the root).
        var parent: Int?
        var children: [Int]
        /// Its place in `listing` (the root has none).
        var place = 0
    }

    /// One topic of `listing`: the node's index and its depth (0: a topic at the top).
    struct Entry: Sendable, Equatable {
        var node: Int
        var depth: Int
    }

    /// Every topic; index 0 is the root, which is no topic.
    private(set) var nodes: [Node]
    /// Every topic depth first, siblings by name.
    private(set) var listing: [Entry] = []
    /// How many questions have no topic.
    let untopical: Int
    /// Each node's children by name.
    private var childrenByName: [[Substring: Int]] = [[:]]

    init(_ counts: [(path: String, count: Int)]) {
        nodes = [Node(name: "", count: 0, parent: nil, children: [])]
        var untopical = 0
        for (path, count) in counts {
            guard !path.isEmpty else {
                untopical += count
                continue
            }
            var node = 0
            for segment in path.split(separator: "/") {
                if let child = childrenByName[node][segment] {
                    node = child
                    continue
                }
                let child = nodes.count
                nodes.append(Node(name: segment, count: 0, parent: node, children: []))
                childrenByName.append([:])
                childrenByName[node][segment] = child
                nodes[node].children.append(child)
                node = child
            }
            nodes[node].count += count
        }
        self.untopical = untopical
        // The names apart, so that sorting one node's children copies nothing.
        let names = nodes.map(\.name)
        for index in nodes.indices { nodes[index].children.sort { names[$0] < names[$1] } }
        // Depth first without recursion: a stack of the nodes still to visit, the next on top.
        var stack = nodes[0].children.reversed().map { Entry(node: $0, depth: 0) }
        listing.reserveCapacity(nodes.count - 1)
        while let entry = stack.popLast() {
            nodes[entry.node].place = listing.count
            listing.append(entry)
            for child in nodes[entry.node].children.reversed() { stack.append(Entry(node: child, depth: entry.depth + 1)) }
        }
    }

    /// The topic's path ("algebra/groups"): its name after the names of the topics above it.
    func path(of node: Int) -> String {
        var names: [Substring] = []
        var current: Int? = node
        while let index = current, index != 0 {
            names.append(nodes[index].name)
            current = nodes[index].parent
        }
        return names.reversed().joined(separator: "/")
    }

    /// The place of the topic `path` in `listing`, if the bank has it.
    func place(of path: String) -> Int? {
        var node = 0
        for segment in path.split(separator: "/") {
            guard let child = childrenByName[node][segment] else { return nil }
            node = child
        }
        return node == 0 ? nil : nodes[node].place
    }

    /// The entries `range` of `listing`, after the topics above the first of them (so that the
    /// window hangs in the tree where it belongs): depths still count from the top.
    func window(_ range: Range<Int>) -> [Entry] {
        let range = range.clamped(to: listing.indices)
        guard let first = range.first.map({ listing[$0] }) else { return [] }
        var above: [Entry] = []
        var node = nodes[first.node].parent
        var depth = first.depth
        while let current = node, current != 0 {
            depth -= 1
            above.append(Entry(node: current, depth: depth))
            node = nodes[current].parent
        }
        return above.reversed() + listing[range]
    }

    /// `entries` (a window) nested as a page draws them: each topic made by `make` (from its
    /// node and path) with the topics under it that the window holds, handed to `nest`.
    func nested<Topic>(_ entries: [Entry], make: (Node, String) -> Topic, nest: (inout Topic, [Topic]) -> Void) -> [Topic] {
        // The open topics, outermost first, each with the children gathered so far.
        var open: [(topic: Topic, children: [Topic])] = []
        var top: [Topic] = []
        func close() {
            guard let closing = open.popLast() else { return }
            var topic = closing.topic
            nest(&topic, closing.children)
            if open.isEmpty { top.append(topic) } else { open[open.count - 1].children.append(topic) }
        }
        for entry in entries {
            while open.count > entry.depth { close() }
            open.append((make(nodes[entry.node], path(of: entry.node)), []))
        }
        while !open.isEmpty { close() }
        return top
    }
}
