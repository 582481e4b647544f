// main() of the render test binaries: when there is no display, start a private Xvfb
// (Mesa's llvmpipe gives OpenGL 4.5 core there) for the whole run, then run the tests.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <cstdlib>
#include <string>

namespace {

pid_t g_xvfb = 0;

void stop_xvfb() {
    if (g_xvfb > 0) {
        kill(g_xvfb, SIGTERM);
        waitpid(g_xvfb, nullptr, 0);
    }
}

// Starts Xvfb on a free display number (-displayfd reports it once the server is ready).
bool start_xvfb() {
    int fds[2];
    if (pipe(fds) != 0) return false;
    g_xvfb = fork();
    if (g_xvfb < 0) return false;
    if (g_xvfb == 0) {
        close(fds[0]);
        const std::string fd = std::to_string(fds[1]);
        execlp("Xvfb", "Xvfb", "-displayfd", fd.c_str(), "-screen", "0", "1920x1080x24", "-nolisten", "tcp",
               static_cast<char*>(nullptr));
        _exit(127);
    }
    close(fds[1]);
    char buf[32] = {};
    ssize_t n = 0, got = 0;
    while (got < static_cast<ssize_t>(sizeof buf) - 1 && (n = read(fds[0], buf + got, sizeof buf - 1 - got)) > 0) {
        got += n;
        if (buf[got - 1] == '\n') break;
    }
    close(fds[0]);
    if (got <= 0) return false;
    setenv("DISPLAY", (":" + std::string(buf, static_cast<size_t>(got) - (buf[got - 1] == '\n'))).c_str(), 1);
    std::atexit(stop_xvfb);
    return true;
}

bool listing_only(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        if (std::string(argv[i]) == "--gtest_list_tests") return true;
    }
    return false;
}

}  // namespace

int main(int argc, char** argv) {
    ::testing::InitGoogleTest(&argc, argv);
    // Mesa writes its shader cache from a background thread that may still be running when
    // the program exits; LeakSanitizer's end-of-run stop-the-world then fails ("fatal
    // error") in sanitizer builds. The tests do not need the cache.
    setenv("MESA_SHADER_CACHE_DISABLE", "true", 1);
    // Runs without --script save the world under $XDG_DATA_HOME: never the user's own.
    char xdg[] = "/tmp/slotcraft-render-xdg-XXXXXX";
    if (!mkdtemp(xdg)) {
        std::fprintf(stderr, "render tests: cannot make a temporary XDG_DATA_HOME\n");
        return 1;
    }
    setenv("XDG_DATA_HOME", xdg, 1);
    // Every run reads $XDG_CONFIG_HOME/slotcraft/slotcraft.toml: an empty folder, never the
    // user's own settings (a test that wants a settings file gives its own folder).
    setenv("XDG_CONFIG_HOME", (std::string(xdg) + "/config").c_str(), 1);
    const char* display = std::getenv("DISPLAY");
    if (!listing_only(argc, argv) && (!display || !*display)) {
        if (!start_xvfb()) {
            std::fprintf(stderr, "render tests need a display or Xvfb: apt-get install xvfb libgl1-mesa-dri\n");
            return 1;
        }
    }
    const int result = RUN_ALL_TESTS();
    std::filesystem::remove_all(xdg);
    stop_xvfb();
    g_xvfb = 0;
    return result;
}
