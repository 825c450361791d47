// What another user can leave for Kiln to find, made for tests: a shared library whose code
// shows that it ran, and commands run as that other user. Limits: running as `nobody` needs
// root and util-linux's setpriv; the library needs a C compiler (cc).
import Foundation
import KilnTestSupport

/// Things planted by another user, for the tests that check Kiln refuses them.
public enum PlantedCode {
    /// A shared library in `folder` whose constructor writes `marker` the moment it is
    /// loaded: what a planted library could do as the user who loads it.
    public static func library(in folder: URL, writing marker: URL) throws -> URL {
        let source = folder.appendingPathComponent("planted.c")
        try """
            #include <stdio.h>
            __attribute__((constructor)) static void planted(void) {
                FILE *file = fopen("\(marker.path)", "w");
                if (file) { fputs("ran\\n", file); fclose(file); }
            }
            """.write(to: source, atomically: true, encoding: .utf8)
        let library = folder.appendingPathComponent("planted.so")
        let cc = try ExternalCommand.require("cc", package: "gcc")
        try ExternalCommand.run(cc, ["-shared", "-fPIC", "-o", library.path, source.path], timeout: 60)
        return library
    }

    /// Runs `command` as `nobody` (uid and gid 65534, no other groups); the caller is root.
    public static func asNobody(_ command: [String]) throws {
        let setpriv = try ExternalCommand.require("setpriv", package: "util-linux")
        try ExternalCommand.run(setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups"] + command, timeout: 30)
    }
}
