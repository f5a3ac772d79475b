/* The baseline: a bare libmicrohttpd hello-world with the same daemons as Preflight: one daemon
 * per worker (one per core), each with an internal polling thread and epoll and its own listening
 * socket on the port (SO_REUSEPORT), suspend/resume on, as payload_json_c.c runs; with `pool`, one
 * daemon and a pool of one thread per core sharing its socket instead (the form it had before
 * Preflight's workers became daemons of their own).
 * It answers every request with {"status":"ok"}, or with the bytes of BODY_FILE when one is
 * given: throughput.sh gives it the report Preflight answers to the bench's POST, so that one
 * row is the exchange of those bytes with nothing checked.
 * Build: cc -O2 -Wall -Wextra -Werror -o hello_mhd hello_mhd.c -lmicrohttpd
 * Run: ./hello_mhd PORT [BODY_FILE|-] [pool]   (-: the {"status":"ok"} body) */
#include <microhttpd.h>
#include <signal.h>
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

/* Daemons (workers) at most. */
#define MAX_DAEMONS 64

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
    /* As Preflight's server and payload_json_c.c: a daemon per worker, the kernel spreading new
     * connections over their sockets; with `pool`, one daemon whose threads share one socket. A
     * pool only for more than one thread (libmicrohttpd warns of a pool of 0 or 1). */
    unsigned int daemons = pool ? 1 : threads;
    /* The array ends at its first MHD_OPTION_END: the options that apply come first. */
    struct MHD_OptionItem options[2] = {{MHD_OPTION_END, 0, NULL}, {MHD_OPTION_END, 0, NULL}};
    size_t option = 0;
    if (pool && threads > 1) options[option++] = (struct MHD_OptionItem){MHD_OPTION_THREAD_POOL_SIZE, (intptr_t)threads, NULL};
    if (daemons > 1) options[option++] = (struct MHD_OptionItem){MHD_OPTION_LISTENING_ADDRESS_REUSE, 1, NULL};
    struct MHD_Daemon *started[MAX_DAEMONS];
    for (unsigned int i = 0; i < daemons; i++) {
        started[i] = MHD_start_daemon(
            MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG, port, NULL,
            NULL, answer, NULL, MHD_OPTION_ARRAY, options, MHD_OPTION_CONNECTION_TIMEOUT, 30u,
            MHD_OPTION_CONNECTION_LIMIT, 4096u / daemons, MHD_OPTION_LISTEN_BACKLOG_SIZE, 1024u, MHD_OPTION_END);
        if (started[i] == NULL) {
            fprintf(stderr, "cannot start on port %u\n", port);
            for (unsigned int j = 0; j < i; j++) MHD_stop_daemon(started[j]);
            return 1;
        }
    }
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGINT);
    int sig;
    int failed = sigprocmask(SIG_BLOCK, &set, NULL) != 0 || sigwait(&set, &sig) != 0;
    if (failed) perror("hello_mhd: signals");
    for (unsigned int i = 0; i < daemons; i++) MHD_stop_daemon(started[i]);
    return failed;
}
