// Process spawning with posix_spawn and file helpers for tests.
#include "support/program.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <stb/stb_image.h>
#include <stdexcept>

extern char** environ;

namespace slotcraft::test {

namespace {

std::vector<std::string> child_environment(const std::vector<std::string>& changes) {
    std::vector<std::string> vars;
    for (char** e = environ; *e; ++e) vars.emplace_back(*e);
    for (const auto& change : changes) {
        const std::string key = change.substr(0, change.find('='));
        std::erase_if(vars, [&](const std::string& v) { return v.substr(0, v.find('=')) == key; });
        if (change.find('=') != std::string::npos) vars.push_back(change);
    }
    return vars;
}

}  // namespace

int spawn_program(const std::vector<std::string>& args, const std::string& err_path) {
    std::vector<char*> argv;
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    pid_t pid = 0;
    const int failed = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    return failed ? -1 : pid;
}

StartedProgram::StartedProgram(const std::string& exe, const std::vector<std::string>& args,
                               const std::vector<std::string>& env, const std::string& cwd) {
    const auto dir = std::filesystem::temp_directory_path() /
                     ("slotcraft-run-" + std::to_string(::getpid()) + "-" + std::to_string(std::rand()));
    std::filesystem::create_directories(dir);
    dir_ = dir.string();
    const std::string out_path = (dir / "out").string();
    const std::string err_path = (dir / "err").string();
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&actions, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    if (!cwd.empty()) posix_spawn_file_actions_addchdir_np(&actions, cwd.c_str());
    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(exe.c_str()));
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    std::vector<std::string> changes = env;
    const bool names_config = std::any_of(env.begin(), env.end(), [](const std::string& c) {
        return c.substr(0, c.find('=')) == "XDG_CONFIG_HOME";
    });
    if (!names_config) {
        std::filesystem::create_directories(dir / "config");
        changes.push_back("XDG_CONFIG_HOME=" + (dir / "config").string());
    }
    std::vector<std::string> vars = child_environment(changes);
    std::vector<char*> envp;
    for (auto& v : vars) envp.push_back(v.data());
    envp.push_back(nullptr);
    pid_t pid = 0;
    const int spawned = posix_spawnp(&pid, exe.c_str(), &actions, nullptr, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0) {
        std::filesystem::remove_all(dir);
        throw std::runtime_error("cannot start " + exe);
    }
    pid_ = pid;
}

StartedProgram::~StartedProgram() {
    if (pid_ > 0) {
        ::kill(pid_, SIGKILL);
        finish();
    }
}

RunResult StartedProgram::finish() {
    RunResult result;
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = 0;
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    result.out = read_text(dir_ + "/out");
    result.err = read_text(dir_ + "/err");
    std::filesystem::remove_all(dir_);
    return result;
}

RunResult run_program(const std::string& exe, const std::vector<std::string>& args, const std::vector<std::string>& env,
                      const std::string& cwd) {
    return StartedProgram(exe, args, env, cwd).finish();
}

std::string fresh_test_dir(const std::string& root) {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    const auto dir = std::filesystem::path(root) / (std::string(info->test_suite_name()) + "." + info->name());
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir.string();
}

void write_text(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
    if (!out) throw std::runtime_error("cannot write " + path);
}

std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

Image load_png(const std::string& path) {
    Image image;
    int channels = 0;
    unsigned char* data = stbi_load(path.c_str(), &image.width, &image.height, &channels, 3);
    if (!data) throw std::runtime_error("cannot load PNG " + path + ": " + stbi_failure_reason());
    image.rgb.assign(data, data + static_cast<size_t>(image.width) * image.height * 3);
    stbi_image_free(data);
    return image;
}

}  // namespace slotcraft::test
