// Gives back, once the loader has applied them, the pages of kauth's relocation table.
//
// The release binary keeps its 61,000 relative relocations as RELA entries (1.4 MiB), because
// glibc reads packed ones (DT_RELR) only from 2.36 on and the binary must run on 2.34 (the
// Makefile's RELEASE_LINK says why). The loader reads the whole table before main, so those
// pages count in every run's memory, and they are never read again: after relocation nothing
// looks at .rela.dyn (lazy binding reads .rela.plt, a separate table, left alone). Released
// with MADV_DONTNEED before main, they no longer add to what a run holds at its peak, which
// comes later: `make bench` measured 1.4 MiB less (what packing saved).
//
// Safe whatever happens next: the table lies in a read-only segment, mapped privately from the
// binary and never written, so a page released this way that is read again is read back from
// the file, unchanged. Only whole pages inside the table are released, and only when the table
// lies inside a read-only loadable segment of the program. Anything unexpected: nothing is done.
#if defined(__linux__)
#define _GNU_SOURCE
#include <link.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

struct kauth_rela_range {
    uintptr_t start;
    uintptr_t end;
};

// Whether [start, end) lies in a loadable segment of the program without write permission.
static int kauth_in_read_only_segment(const struct dl_phdr_info *info, uintptr_t start, uintptr_t end) {
    for (int index = 0; index < info->dlpi_phnum; index++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[index];
        if (header->p_type != PT_LOAD || (header->p_flags & PF_W)) continue;
        uintptr_t low = info->dlpi_addr + header->p_vaddr;
        if (start >= low && end <= low + header->p_filesz) return 1;
    }
    return 0;
}

// The first object dl_iterate_phdr reports is the program itself: its DT_RELA and DT_RELASZ.
static int kauth_find_rela(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    struct kauth_rela_range *range = data;
    for (int index = 0; index < info->dlpi_phnum; index++) {
        if (info->dlpi_phdr[index].p_type != PT_DYNAMIC) continue;
        const ElfW(Dyn) *entry = (const ElfW(Dyn) *)(info->dlpi_addr + info->dlpi_phdr[index].p_vaddr);
        uintptr_t address = 0, bytes = 0;
        for (; entry->d_tag != DT_NULL; entry++) {
            if (entry->d_tag == DT_RELA) address = entry->d_un.d_ptr;
            if (entry->d_tag == DT_RELASZ) bytes = entry->d_un.d_val;
        }
        if (address == 0 || bytes == 0) break;
        // glibc's loader rewrites DT_RELA to the address in memory; other loaders leave the
        // address the binary was linked at. Whichever lies in a read-only segment is the table.
        if (kauth_in_read_only_segment(info, address, address + bytes)) {
            range->start = address;
        } else if (kauth_in_read_only_segment(info, info->dlpi_addr + address, info->dlpi_addr + address + bytes)) {
            range->start = info->dlpi_addr + address;
        } else {
            break;
        }
        range->end = range->start + bytes;
        break;
    }
    return 1;  // the program only
}

__attribute__((constructor)) static void kauth_release_relocation_table(void) {
    struct kauth_rela_range range = {0, 0};
    dl_iterate_phdr(kauth_find_rela, &range);
    long page = sysconf(_SC_PAGESIZE);
    if (range.end == 0 || page <= 0) return;
    uintptr_t first = (range.start + (uintptr_t)page - 1) & ~((uintptr_t)page - 1);
    uintptr_t last = range.end & ~((uintptr_t)page - 1);
    if (last > first) madvise((void *)first, last - first, MADV_DONTNEED);
}
#endif
