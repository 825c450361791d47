import KilnCore
