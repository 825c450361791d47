// Gives a Mix_Chunk an owner. The chunk plays straight from samples this object keeps;
// nothing else frees either.
import CSDL2Mixer
import KilnCore

/// One synthesized sound loaded into SDL_mixer, with the memory it plays from.
final class MixerChunk {
    let chunk: UnsafeMutablePointer<Mix_Chunk>
    private let samples: UnsafeMutableBufferPointer<Int16>

    /// Loads `buffer` as 16-bit stereo in machine byte order: the format the device is
    /// opened in, so SDL_mixer uses the samples as they are. Nil if SDL_mixer refuses.
    init?(_ buffer: SoundBuffer) {
        let pcm = buffer.interleavedPCM16()
        let storage = UnsafeMutableBufferPointer<Int16>.allocate(capacity: max(1, pcm.count))
        _ = storage.initialize(from: pcm)
        let bytes = UnsafeMutableRawPointer(storage.baseAddress!).assumingMemoryBound(to: UInt8.self)
        guard let chunk = Mix_QuickLoad_RAW(bytes, UInt32(pcm.count * MemoryLayout<Int16>.size)) else {
            storage.deallocate()
            return nil
        }
        self.chunk = chunk
        samples = storage
    }

    deinit {
        // Mix_QuickLoad_RAW chunks do not own their samples: free the chunk, then them.
        Mix_FreeChunk(chunk)
        samples.deallocate()
    }
}
