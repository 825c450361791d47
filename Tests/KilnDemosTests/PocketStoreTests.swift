import KilnCore
import LaserDemo
import Testing

@Suite("Pocket store")
struct PocketStoreTests {
    @Test("L8: deleting an unknown id changes nothing and says so")
    func deleteUnknown() {
        let store = PocketStore()

        #expect(store.delete(id: "no-such-pocket") == false)
        #expect(store.pockets == PocketStore.samples)
        #expect(!store.canRestore)
        #expect(store.restoreLast() == nil)
    }

    @Test("L8: restore puts a deleted pocket back at its index")
    func restoreAtIndex() {
        let store = PocketStore()

        #expect(store.delete(id: "bike"))
        #expect(store.pockets.map(\.id) == ["micronesia", "rainy-day"])
        #expect(store.canRestore)
        #expect(store.restoreLast()?.id == "bike")
        #expect(store.pockets == PocketStore.samples)
        #expect(!store.canRestore)
    }

    @Test("L8: several deletes are restored last first, each where it was")
    func severalDeletes() {
        let store = PocketStore()
        store.delete(id: "rainy-day")
        store.delete(id: "micronesia")
        store.delete(id: "bike")
        #expect(store.pockets.isEmpty)

        #expect(store.restoreLast()?.id == "bike")
        #expect(store.pockets.map(\.id) == ["bike"])
        #expect(store.restoreLast()?.id == "micronesia")
        #expect(store.pockets.map(\.id) == ["micronesia", "bike"])
        #expect(store.restoreLast()?.id == "rainy-day")
        #expect(store.pockets == PocketStore.samples)
        #expect(!store.canRestore)
    }
}
