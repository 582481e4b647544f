// save_crash_child PATH CHECKPOINT_PAGES: the process the crash test kills. Opens the world at PATH, then
// records edits without end (the plan in save_test_support.hpp), printing "ready" once the
// world is open and, after each burst, how many edits it has recorded and how many of them
// the writer has committed ("RECORDED COMMITTED"). It never exits on
// its own: the test ends it with SIGKILL.
#include "save/save_test_support.hpp"
#include "save/save.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

namespace {

void say(const std::string& line) {
    const std::string text = line + "\n";
    if (::write(STDOUT_FILENO, text.data(), text.size()) < 0) std::_Exit(3);  // the test is gone
}

}  // namespace

int main(int argc, char** argv) {
    using namespace slotcraft;
    if (argc != 3) {
        std::fprintf(stderr, "usage: save_crash_child PATH CHECKPOINT_PAGES\n");
        return 2;
    }
    std::unique_ptr<WorldStore> opened;
    try {
        opened = WorldStore::open(argv[1], {.checkpoint_pages = std::atoi(argv[2])}).store;
    } catch (const WorldFileError& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
    WorldStore& store = *opened;
    WorldMeta meta;
    meta.type = WorldType::kFlat;
    store.save_meta(meta);
    say("ready");
    constexpr int kBurst = 64;  // about 64 edits a millisecond: a busy builder, times a thousand
    for (uint64_t i = 0;;) {
        for (int k = 0; k < kBurst; ++k, ++i) {
            store.record_edit(save_test::crash_edit_chunk(i), save_test::crash_edit_index(i),
                              save_test::crash_edit_type(i), BlockType::kAir);
        }
        if (i % 4096 == 0) {
            meta.eye.x = static_cast<double>(i);
            store.save_meta(meta);
        }
        say(std::to_string(i) + " " + std::to_string(store.stats().edits_committed));
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
}
