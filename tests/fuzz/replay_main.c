/* Without libFuzzer: run a harness over files and directories given on the command line
 * (every regular file in a directory, not recursively). Used by the ctest entries
 * fuzz_replay_<harness> in every build (also the ASan one): the kept corpus and every
 * reproducer of a bug found by fuzzing (tests/fuzz/regress/<harness>/) are replayed, so
 * a fixed bug stays fixed. Exit 0 when every input ran; a bug aborts or trips a
 * sanitizer. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "replay: cannot open %s\n", path);
        return -1;
    }
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    size_t r;
    while (buf && (r = fread(buf + n, 1, cap - n, f)) > 0) {
        n += r;
        if (n == cap) {
            uint8_t *g = realloc(buf, cap * 2);
            if (!g) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = g, cap *= 2;
        }
    }
    fclose(f);
    if (!buf) {
        fprintf(stderr, "replay: out of memory reading %s\n", path);
        return -1;
    }
    LLVMFuzzerTestOneInput(buf, n);
    free(buf);
    return 0;
}

int main(int argc, char **argv)
{
    int files = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0)
            continue; /* an absent regress directory: nothing to replay */
        if (!S_ISDIR(st.st_mode)) {
            if (run_file(argv[i]))
                return 1;
            files++;
            continue;
        }
        DIR *d = opendir(argv[i]);
        struct dirent *de;
        while (d && (de = readdir(d)) != NULL) {
            char p[4096];
            snprintf(p, sizeof p, "%s/%s", argv[i], de->d_name);
            if (stat(p, &st) == 0 && S_ISREG(st.st_mode)) {
                if (run_file(p))
                    return 1;
                files++;
            }
        }
        if (d)
            closedir(d);
    }
    if (files == 0) {
        fprintf(stderr, "replay: no input file found\n");
        return 1;
    }
    printf("replay: %d inputs ran\n", files);
    return 0;
}
