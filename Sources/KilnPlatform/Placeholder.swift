import KilnCore
import CSDL2
import CSDL2Mixer
import CCairo
import CXInput2
let _probe: Int32 = SDL_INIT_VIDEO == 0 ? 0 : 1
