/* The second baseline, doing Preflight's work: what a team writing the service in C would ship
 * for the payload-only path. libmicrohttpd with the same daemon flags as hello_mhd.c and
 * Preflight, the body collected per connection, judged by payload_checks.c (json-c, Debian's
 * libjson-c-dev; the checks bulk_json_c.c makes of each line), answered with the report, 422
 * when it fails: byte for byte Preflight's for bench/payload-1k.json (c-baseline.sh checks it).
 * Build: cc -O2 -Wall -Wextra -Werror -o payload_json_c payload_json_c.c payload_checks.c -lmicrohttpd -ljson-c
 * Run: ./payload_json_c PORT [THREADS]   (worker threads; one per core by default, as Preflight) */
#include "payload_checks.h"

#include <microhttpd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct upload {
    char *bytes;
    size_t length;
    size_t capacity;
};

static enum MHD_Result answer(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                              const char *version, const char *upload_data, size_t *upload_data_size, void **state) {
    (void)cls; (void)url; (void)method; (void)version;
    struct upload *upload = *state;
    if (upload == NULL) {
        upload = calloc(1, sizeof *upload);
        if (upload == NULL) return MHD_NO;
        *state = upload;
        return MHD_YES;
    }
    if (*upload_data_size != 0) {
        if (upload->length + *upload_data_size > 65536) return MHD_NO;
        if (upload->length + *upload_data_size > upload->capacity) {
            size_t capacity = upload->capacity ? upload->capacity * 2 : 4096;
            while (capacity < upload->length + *upload_data_size) capacity *= 2;
            char *grown = realloc(upload->bytes, capacity);
            if (grown == NULL) return MHD_NO;
            upload->bytes = grown;
            upload->capacity = capacity;
        }
        memcpy(upload->bytes + upload->length, upload_data, *upload_data_size);
        upload->length += *upload_data_size;
        *upload_data_size = 0;
        return MHD_YES;
    }
    char *out = malloc(2048);
    if (out == NULL) return MHD_NO;
    size_t length;
    struct judgement judgement;
    struct json_tokener *tokener = json_tokener_new();
    if (tokener == NULL || judge_payload(tokener, upload->bytes ? upload->bytes : "", upload->length, out, 2048, &length,
                                         &judgement) != 0) {
        if (tokener) json_tokener_free(tokener);
        free(out);
        return MHD_NO;
    }
    json_tokener_free(tokener);
    unsigned int status = judgement.verdict == VERDICT_FAIL ? 422 : MHD_HTTP_OK;
    struct MHD_Response *response = MHD_create_response_from_buffer(length, out, MHD_RESPMEM_MUST_FREE);
    if (response == NULL) { free(out); return MHD_NO; }
    if (MHD_add_response_header(response, "Content-Type", "application/json") != MHD_YES) {
        MHD_destroy_response(response);
        return MHD_NO;
    }
    enum MHD_Result result = MHD_queue_response(connection, status, response);
    MHD_destroy_response(response);
    return result;
}

static void completed(void *cls, struct MHD_Connection *connection, void **state, enum MHD_RequestTerminationCode code) {
    (void)cls; (void)connection; (void)code;
    struct upload *upload = *state;
    if (upload) { free(upload->bytes); free(upload); *state = NULL; }
}

int main(int argc, char **argv) {
    unsigned short port = argc > 1 ? (unsigned short)atoi(argv[1]) : 8082;
    unsigned int threads = argc > 2 ? (unsigned int)atoi(argv[2]) : (unsigned int)sysconf(_SC_NPROCESSORS_ONLN);
    if (threads == 0) {
        fprintf(stderr, "payload_json_c: THREADS must be a positive number\n");
        return 1;
    }
    /* A pool only for more than one worker, as Preflight (libmicrohttpd warns of a pool of 0 or 1):
     * one worker is the daemon's own polling thread. */
    struct MHD_OptionItem pool[] = {
        {threads > 1 ? MHD_OPTION_THREAD_POOL_SIZE : MHD_OPTION_END, (intptr_t)threads, NULL},
        {MHD_OPTION_END, 0, NULL},
    };
    struct MHD_Daemon *daemon = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG, port, NULL,
        NULL, answer, NULL, MHD_OPTION_ARRAY, pool, MHD_OPTION_CONNECTION_TIMEOUT, 30u,
        MHD_OPTION_CONNECTION_LIMIT, 4096u, MHD_OPTION_LISTEN_BACKLOG_SIZE, 1024u, MHD_OPTION_NOTIFY_COMPLETED,
        completed, NULL, MHD_OPTION_END);
    if (daemon == NULL) { fprintf(stderr, "cannot start on port %u\n", port); return 1; }
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGINT);
    int sig;
    if (sigprocmask(SIG_BLOCK, &set, NULL) != 0 || sigwait(&set, &sig) != 0) {
        perror("payload_json_c: signals");
        MHD_stop_daemon(daemon);
        return 1;
    }
    MHD_stop_daemon(daemon);
    return 0;
}
