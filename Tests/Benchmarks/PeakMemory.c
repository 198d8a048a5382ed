// `make bench`'s memory meter: runs a program with its output discarded and prints its peak
// resident set (ru_maxrss) in KiB, then how much of its files the kernel had mapped with 2 MiB
// pages when it exited (FilePmdMapped, KiB; -1 when it could not look).
//
// A C program because a child's ru_maxrss also counts the pages of the process it was forked
// from, before its exec (Linux keeps the larger of the two): forked from the bench's Python, any
// program would read at least Python's 10-11 MiB.
//
// The second number: a kernel that keeps a file's page cache in 2 MiB folios (Linux 6.18 on ext4
// does, for the binary `strip -o` or `install` has just written) maps such a folio whole, with
// one page-table entry, when the program first touches it and its load address puts the file
// offset and the address at the same place within 2 MiB. The load address is random, so that is
// one start in a few hundred (3 in 1200 measured), and then up to all 13 MiB of kauth's code
// count as resident, though it touches 8: page cache, shared, not memory the program allocated.
// The meter stops the program as it exits (ptrace) to read that from /proc/PID/smaps_rollup, so
// that the bench can tell such a start from one that used more.
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

/// FilePmdMapped of a stopped process, in KiB; -1 when it cannot be read.
static long file_pmd_mapped(pid_t pid) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/smaps_rollup", (int)pid);
    FILE *file = fopen(path, "r");
    if (!file) return -1;
    char line[256];
    long kib = -1;
    while (fgets(line, sizeof line, file)) {
        if (strncmp(line, "FilePmdMapped:", 14) == 0) kib = strtol(line + 14, NULL, 10);
    }
    fclose(file);
    return kib;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s PROGRAM [ARGUMENT...]\n", argv[0]);
        return 2;
    }
    pid_t pid = fork();
    if (pid < 0) {
        perror("fork");
        return 2;
    }
    if (pid == 0) {
        int devnull = open("/dev/null", O_WRONLY);
        if (devnull < 0 || dup2(devnull, 1) < 0) _exit(126);
        // Where tracing is refused (a container's policy), the program runs untraced and the
        // meter prints -1 for what it could not see.
        ptrace(PTRACE_TRACEME, 0, NULL, NULL);
        execv(argv[1], argv + 1);
        perror(argv[1]);
        _exit(127);
    }
    int status;
    struct rusage usage;
    long pmd = -1;
    int traced = 0;
    for (;;) {
        if (wait4(pid, &status, 0, &usage) < 0) {
            perror("wait4");
            return 2;
        }
        if (!WIFSTOPPED(status)) break;
        int signal = WSTOPSIG(status);
        if (!traced && signal == SIGTRAP) {
            // Stopped at its exec: ask to be told of its exit, while its memory is still there.
            traced = 1;
            ptrace(PTRACE_SETOPTIONS, pid, NULL, (void *)(long)(PTRACE_O_TRACEEXIT | PTRACE_O_EXITKILL));
            signal = 0;
        } else if (signal == SIGTRAP && (status >> 16) == PTRACE_EVENT_EXIT) {
            pmd = file_pmd_mapped(pid);
            signal = 0;
        }
        ptrace(PTRACE_CONT, pid, NULL, (void *)(long)signal);
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "%s did not exit with 0\n", argv[1]);
        return 1;
    }
    printf("%ld %ld\n", usage.ru_maxrss, pmd);
    return 0;
}
