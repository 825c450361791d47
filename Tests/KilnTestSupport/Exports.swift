// The scene harness, the recorders and golden images are KilnTesting's, as users have them;
// Kiln's own tests reach them through this target with the project's other helpers.
@_exported import KilnTesting
