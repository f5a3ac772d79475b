/* The baseline: a bare libmicrohttpd hello-world with the same daemons as Preflight and
 * payload_json_c.c (daemons.h): one per worker, one worker per core; with `pool`, one daemon and a
 * pool of one thread per core sharing its socket instead (the form it had before Preflight's
 * workers became daemons of their own).
 * It answers every request with {"status":"ok"}, or with the bytes of BODY_FILE when one is
 * given: throughput.sh gives it the report Preflight answers to the bench's POST, so that one
 * row is the exchange of those bytes with nothing checked.
 * Build: cc -O2 -Wall -Wextra -Werror -o hello_mhd hello_mhd.c -lmicrohttpd
 * Run: ./hello_mhd PORT [BODY_FILE|-] [pool]   (-: the {"status":"ok"} body) */
#include "daemons.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char ok_body[] = "{\"status\":\"ok\"}";
static const char *body = ok_body;
static size_t body_length = sizeof ok_body - 1;

/* read_body: the whole of PATH into a buffer kept for the process's life (its size first, then
 * one read, as bench/http/paced_post.c's read_file); 0 on success. */
static int read_body(const char *path) {
    FILE *file = fopen(path, "rb");
    if (file == NULL) { perror(path); return -1; }
    long size = -1;
    if (fseek(file, 0, SEEK_END) == 0) size = ftell(file);
    char *bytes = size >= 0 && fseek(file, 0, SEEK_SET) == 0 ? malloc((size_t)size + 1) : NULL;
    int read_whole = bytes != NULL && fread(bytes, 1, (size_t)size, file) == (size_t)size;
    if (fclose(file) != 0 || !read_whole) {
        fprintf(stderr, "hello_mhd: cannot read %s\n", path);
        free(bytes);
        return -1;
    }
    body = bytes;
    body_length = (size_t)size;
    return 0;
}

static enum MHD_Result answer(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                              const char *version, const char *upload_data, size_t *upload_data_size, void **state) {
    (void)cls; (void)url; (void)method; (void)version; (void)upload_data;
    if (*state == NULL) { *state = (void *)1; return MHD_YES; }
    if (*upload_data_size != 0) { *upload_data_size = 0; return MHD_YES; }
    struct MHD_Response *response =
        MHD_create_response_from_buffer(body_length, (void *)body, MHD_RESPMEM_PERSISTENT);
    if (response == NULL) return MHD_NO;
    if (MHD_add_response_header(response, "Content-Type", "application/json") != MHD_YES) {
        MHD_destroy_response(response);
        return MHD_NO;
    }
    enum MHD_Result result = MHD_queue_response(connection, MHD_HTTP_OK, response);
    MHD_destroy_response(response);
    return result;
}

int main(int argc, char **argv) {
    unsigned short port = argc > 1 ? (unsigned short)atoi(argv[1]) : 8081;
    int pool = argc > 3 && strcmp(argv[3], "pool") == 0;
    if (argc > 4 || (argc > 3 && !pool)) {
        fprintf(stderr, "usage: hello_mhd PORT [BODY_FILE|-] [pool]\n");
        return 1;
    }
    if (argc > 2 && strcmp(argv[2], "-") != 0 && read_body(argv[2]) != 0) return 1;
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    if (online < 1) { perror("hello_mhd: sysconf"); return 1; }
    unsigned int threads = online > MAX_DAEMONS ? MAX_DAEMONS : (unsigned int)online;
    struct daemons daemons;
    if (start_daemons(&daemons, port, threads, pool, answer, NULL) != 0) return 1;
    return serve_until_signal(&daemons, "hello_mhd: signals");
}
