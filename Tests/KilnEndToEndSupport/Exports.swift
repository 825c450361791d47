// The scene harness, the recorders and golden images are KilnTesting's, as users have them;
// Kiln's own tests of the whole app reach them through this target, with the pure helpers.
@_exported import KilnTestSupport
@_exported import KilnTesting
