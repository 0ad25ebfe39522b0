/* Calls into ONNX Runtime's OrtApi table by slot number. Slots are 0-based positions in the table, which is
 * append-only across releases; every slot used here exists since API version 5. */
#define _GNU_SOURCE /* dladdr */
#include "ort_minimal.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    SLOT_CREATE_STATUS = 0,
    SLOT_GET_ERROR_CODE = 1,
    SLOT_GET_ERROR_MESSAGE = 2,
    SLOT_CREATE_ENV = 3,
    SLOT_CREATE_SESSION = 7,
    SLOT_RUN = 9,
    SLOT_CREATE_SESSION_OPTIONS = 10,
    SLOT_SET_GRAPH_OPTIMIZATION_LEVEL = 23,
    SLOT_SET_INTRA_OP_THREADS = 24,
    SLOT_SET_INTER_OP_THREADS = 25,
    SLOT_SESSION_INPUT_COUNT = 30,
    SLOT_SESSION_OUTPUT_COUNT = 31,
    SLOT_SESSION_INPUT_TYPE_INFO = 33,
    SLOT_SESSION_OUTPUT_TYPE_INFO = 34,
    SLOT_SESSION_INPUT_NAME = 36,
    SLOT_SESSION_OUTPUT_NAME = 37,
    SLOT_CREATE_TENSOR_WITH_DATA = 49,
    SLOT_GET_TENSOR_MUTABLE_DATA = 51,
    SLOT_CAST_TYPE_INFO_TO_TENSOR_INFO = 55,
    SLOT_GET_TENSOR_ELEMENT_TYPE = 60,
    SLOT_GET_DIMENSIONS_COUNT = 61,
    SLOT_GET_DIMENSIONS = 62,
    SLOT_GET_TENSOR_TYPE_AND_SHAPE = 65,
    SLOT_CREATE_CPU_MEMORY_INFO = 69,
    SLOT_ALLOCATOR_FREE = 76,
    SLOT_GET_DEFAULT_ALLOCATOR = 78,
    SLOT_RELEASE_ENV = 92,
    SLOT_RELEASE_STATUS = 93,
    SLOT_RELEASE_MEMORY_INFO = 94,
    SLOT_RELEASE_SESSION = 95,
    SLOT_RELEASE_VALUE = 96,
    SLOT_RELEASE_TYPE_INFO = 98,
    SLOT_RELEASE_TENSOR_TYPE_AND_SHAPE_INFO = 99,
    SLOT_RELEASE_SESSION_OPTIONS = 100,
    SLOT_SESSION_GET_MODEL_METADATA = 111,
    SLOT_METADATA_LOOKUP_CUSTOM = 116,
    SLOT_RELEASE_MODEL_METADATA = 118,
    SLOT_ADD_SESSION_CONFIG_ENTRY = 130,
};

typedef struct OrtmTypeInfo OrtmTypeInfo;
typedef struct OrtmTensorInfo OrtmTensorInfo;
typedef struct OrtmAllocator OrtmAllocator;
typedef struct OrtmModelMetadata OrtmModelMetadata;

typedef struct {
    const void *(*get_api)(uint32_t version);
    const char *(*get_version_string)(void);
} OrtmApiBase;

static void *const *g_api;
static void *g_handle;
static const char *g_version;
static char g_path[4096];

#define FN(slot, ret, ...) ((ret (*)(__VA_ARGS__))g_api[slot])

static void set_error(char *error, size_t length, const char *message, const char *detail) {
    if (error && length) snprintf(error, length, "%s%s%s", message, detail ? ": " : "", detail ? detail : "");
}

int ortm_load(const char *library_path, uint32_t api_version, char *error, size_t error_length) {
    void *handle = dlopen(library_path, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        set_error(error, error_length, "cannot open", dlerror());
        return 1;
    }
    if (g_api) {
        /* One runtime per process: the same library again is fine, a second, different one is refused. */
        dlclose(handle);
        if (handle == g_handle) return 0;
        set_error(error, error_length, "another ONNX Runtime is already loaded from", g_path);
        return 5;
    }
    const OrtmApiBase *(*get_api_base)(void) = (const OrtmApiBase *(*)(void))dlsym(handle, "OrtGetApiBase");
    if (!get_api_base) {
        set_error(error, error_length, "no OrtGetApiBase symbol", NULL);
        dlclose(handle);
        return 2;
    }
    const OrtmApiBase *base = get_api_base();
    if (!base || !base->get_api || !base->get_version_string) {
        set_error(error, error_length, "OrtGetApiBase returned nothing", NULL);
        dlclose(handle);
        return 2;
    }
    const char *version = base->get_version_string();
    void *const *api = (void *const *)base->get_api(api_version);
    if (!api) {
        set_error(error, error_length, "API version not supported by", version);
        dlclose(handle);
        return 3;
    }
    /* ABI self-check: a status made through slot 0 must read back through slots 1 and 2 and free through 93. */
    g_api = api;
    OrtmStatus *probe = FN(SLOT_CREATE_STATUS, OrtmStatus *, int, const char *)(2, "beacon-probe");
    int ok = probe && FN(SLOT_GET_ERROR_CODE, int, const OrtmStatus *)(probe) == 2 &&
             strcmp(FN(SLOT_GET_ERROR_MESSAGE, const char *, const OrtmStatus *)(probe), "beacon-probe") == 0;
    if (probe) FN(SLOT_RELEASE_STATUS, void, OrtmStatus *)(probe);
    if (!ok) {
        g_api = NULL;
        set_error(error, error_length, "ABI self-check failed for version", version);
        dlclose(handle);
        return 4;
    }
    g_version = version;
    g_handle = handle;
    Dl_info info;
    if (dladdr((void *)get_api_base, &info) && info.dli_fname) {
        snprintf(g_path, sizeof g_path, "%s", info.dli_fname);
    } else {
        snprintf(g_path, sizeof g_path, "%s", library_path);
    }
    return 0;
}

const char *ortm_version(void) { return g_api ? g_version : NULL; }
const char *ortm_loaded_path(void) { return g_api ? g_path : NULL; }

int ortm_status_code(const OrtmStatus *status) {
    return FN(SLOT_GET_ERROR_CODE, int, const OrtmStatus *)(status);
}
const char *ortm_status_message(const OrtmStatus *status) {
    return FN(SLOT_GET_ERROR_MESSAGE, const char *, const OrtmStatus *)(status);
}
void ortm_release_status(OrtmStatus *status) {
    if (status) FN(SLOT_RELEASE_STATUS, void, OrtmStatus *)(status);
}

OrtmStatus *ortm_create_env(int log_level, const char *log_id, OrtmEnv **env) {
    return FN(SLOT_CREATE_ENV, OrtmStatus *, int, const char *, OrtmEnv **)(log_level, log_id, env);
}
OrtmStatus *ortm_create_session_options(OrtmSessionOptions **options) {
    return FN(SLOT_CREATE_SESSION_OPTIONS, OrtmStatus *, OrtmSessionOptions **)(options);
}
OrtmStatus *ortm_set_intra_op_threads(OrtmSessionOptions *options, int threads) {
    return FN(SLOT_SET_INTRA_OP_THREADS, OrtmStatus *, OrtmSessionOptions *, int)(options, threads);
}
OrtmStatus *ortm_set_inter_op_threads(OrtmSessionOptions *options, int threads) {
    return FN(SLOT_SET_INTER_OP_THREADS, OrtmStatus *, OrtmSessionOptions *, int)(options, threads);
}
OrtmStatus *ortm_set_optimization_level(OrtmSessionOptions *options, int level) {
    return FN(SLOT_SET_GRAPH_OPTIMIZATION_LEVEL, OrtmStatus *, OrtmSessionOptions *, int)(options, level);
}
OrtmStatus *ortm_add_config_entry(OrtmSessionOptions *options, const char *key, const char *value) {
    return FN(SLOT_ADD_SESSION_CONFIG_ENTRY, OrtmStatus *, OrtmSessionOptions *, const char *, const char *)(
        options, key, value);
}
void ortm_release_session_options(OrtmSessionOptions *options) {
    if (options) FN(SLOT_RELEASE_SESSION_OPTIONS, void, OrtmSessionOptions *)(options);
}

OrtmStatus *ortm_create_session(const OrtmEnv *env, const char *model_path, const OrtmSessionOptions *options,
                                OrtmSession **session) {
    return FN(SLOT_CREATE_SESSION, OrtmStatus *, const OrtmEnv *, const char *, const OrtmSessionOptions *,
              OrtmSession **)(env, model_path, options, session);
}
void ortm_release_session(OrtmSession *session) {
    if (session) FN(SLOT_RELEASE_SESSION, void, OrtmSession *)(session);
}
OrtmStatus *ortm_input_count(const OrtmSession *session, size_t *count) {
    return FN(SLOT_SESSION_INPUT_COUNT, OrtmStatus *, const OrtmSession *, size_t *)(session, count);
}
OrtmStatus *ortm_output_count(const OrtmSession *session, size_t *count) {
    return FN(SLOT_SESSION_OUTPUT_COUNT, OrtmStatus *, const OrtmSession *, size_t *)(session, count);
}

static OrtmStatus *default_allocator(OrtmAllocator **allocator) {
    return FN(SLOT_GET_DEFAULT_ALLOCATOR, OrtmStatus *, OrtmAllocator **)(allocator);
}
static void allocator_free(OrtmAllocator *allocator, void *pointer) {
    FN(SLOT_ALLOCATOR_FREE, OrtmStatus *, OrtmAllocator *, void *)(allocator, pointer);
}

static OrtmStatus *copy_name(int slot, const OrtmSession *session, size_t index, char *buffer, size_t length) {
    OrtmAllocator *allocator = NULL;
    OrtmStatus *status = default_allocator(&allocator);
    if (status) return status;
    char *name = NULL;
    status = FN(slot, OrtmStatus *, const OrtmSession *, size_t, OrtmAllocator *, char **)(session, index, allocator,
                                                                                          &name);
    if (status) return status;
    snprintf(buffer, length, "%s", name ? name : "");
    if (name) allocator_free(allocator, name);
    return NULL;
}
OrtmStatus *ortm_input_name(const OrtmSession *session, size_t index, char *buffer, size_t buffer_length) {
    return copy_name(SLOT_SESSION_INPUT_NAME, session, index, buffer, buffer_length);
}
OrtmStatus *ortm_output_name(const OrtmSession *session, size_t index, char *buffer, size_t buffer_length) {
    return copy_name(SLOT_SESSION_OUTPUT_NAME, session, index, buffer, buffer_length);
}

/* Reads element type and dimensions from a borrowed or owned tensor info. */
static OrtmStatus *read_tensor_info(const OrtmTensorInfo *info, int *element_type, int64_t *dims, size_t max_rank,
                                    size_t *rank) {
    OrtmStatus *status = FN(SLOT_GET_TENSOR_ELEMENT_TYPE, OrtmStatus *, const OrtmTensorInfo *, int *)(info,
                                                                                                     element_type);
    if (status) return status;
    status = FN(SLOT_GET_DIMENSIONS_COUNT, OrtmStatus *, const OrtmTensorInfo *, size_t *)(info, rank);
    if (status) return status;
    if (*rank > max_rank) return NULL; /* the caller sees the rank and reports the mismatch */
    return FN(SLOT_GET_DIMENSIONS, OrtmStatus *, const OrtmTensorInfo *, int64_t *, size_t)(info, dims, *rank);
}

static OrtmStatus *session_shape(int slot, const OrtmSession *session, size_t index, int *element_type,
                                 int64_t *dims, size_t max_rank, size_t *rank) {
    OrtmTypeInfo *type_info = NULL;
    OrtmStatus *status = FN(slot, OrtmStatus *, const OrtmSession *, size_t, OrtmTypeInfo **)(session, index,
                                                                                            &type_info);
    if (status) return status;
    const OrtmTensorInfo *tensor_info = NULL; /* borrowed from type_info: not released on its own */
    status = FN(SLOT_CAST_TYPE_INFO_TO_TENSOR_INFO, OrtmStatus *, const OrtmTypeInfo *, const OrtmTensorInfo **)(
        type_info, &tensor_info);
    if (!status) {
        if (tensor_info) {
            status = read_tensor_info(tensor_info, element_type, dims, max_rank, rank);
        } else {
            *element_type = 0; /* not a tensor (a map or sequence) */
            *rank = 0;
        }
    }
    FN(SLOT_RELEASE_TYPE_INFO, void, OrtmTypeInfo *)(type_info);
    return status;
}
OrtmStatus *ortm_input_shape(const OrtmSession *session, size_t index, int *element_type, int64_t *dims,
                             size_t max_rank, size_t *rank) {
    return session_shape(SLOT_SESSION_INPUT_TYPE_INFO, session, index, element_type, dims, max_rank, rank);
}
OrtmStatus *ortm_output_shape(const OrtmSession *session, size_t index, int *element_type, int64_t *dims,
                              size_t max_rank, size_t *rank) {
    return session_shape(SLOT_SESSION_OUTPUT_TYPE_INFO, session, index, element_type, dims, max_rank, rank);
}

OrtmStatus *ortm_metadata_value(const OrtmSession *session, const char *key, char **value) {
    *value = NULL;
    OrtmAllocator *allocator = NULL;
    OrtmStatus *status = default_allocator(&allocator);
    if (status) return status;
    OrtmModelMetadata *metadata = NULL;
    status = FN(SLOT_SESSION_GET_MODEL_METADATA, OrtmStatus *, const OrtmSession *, OrtmModelMetadata **)(session,
                                                                                                         &metadata);
    if (status) return status;
    char *found = NULL;
    status = FN(SLOT_METADATA_LOOKUP_CUSTOM, OrtmStatus *, const OrtmModelMetadata *, OrtmAllocator *, const char *,
                char **)(metadata, allocator, key, &found);
    if (!status && found) {
        *value = strdup(found);
        allocator_free(allocator, found);
    }
    FN(SLOT_RELEASE_MODEL_METADATA, void, OrtmModelMetadata *)(metadata);
    return status;
}

OrtmStatus *ortm_create_cpu_memory_info(OrtmMemoryInfo **info) {
    /* OrtArenaAllocator = 1, OrtMemTypeDefault = 0 */
    return FN(SLOT_CREATE_CPU_MEMORY_INFO, OrtmStatus *, int, int, OrtmMemoryInfo **)(1, 0, info);
}
void ortm_release_memory_info(OrtmMemoryInfo *info) {
    if (info) FN(SLOT_RELEASE_MEMORY_INFO, void, OrtmMemoryInfo *)(info);
}
OrtmStatus *ortm_create_tensor(const OrtmMemoryInfo *info, void *data, size_t byte_length, const int64_t *shape,
                               size_t rank, int element_type, OrtmValue **value) {
    return FN(SLOT_CREATE_TENSOR_WITH_DATA, OrtmStatus *, const OrtmMemoryInfo *, void *, size_t, const int64_t *,
              size_t, int, OrtmValue **)(info, data, byte_length, shape, rank, element_type, value);
}
void ortm_release_value(OrtmValue *value) {
    if (value) FN(SLOT_RELEASE_VALUE, void, OrtmValue *)(value);
}
OrtmStatus *ortm_tensor_data(OrtmValue *value, void **data) {
    return FN(SLOT_GET_TENSOR_MUTABLE_DATA, OrtmStatus *, OrtmValue *, void **)(value, data);
}
OrtmStatus *ortm_tensor_shape(const OrtmValue *value, int *element_type, int64_t *dims, size_t max_rank,
                              size_t *rank) {
    OrtmTensorInfo *info = NULL; /* owned: released below */
    OrtmStatus *status = FN(SLOT_GET_TENSOR_TYPE_AND_SHAPE, OrtmStatus *, const OrtmValue *, OrtmTensorInfo **)(
        value, &info);
    if (status) return status;
    status = read_tensor_info(info, element_type, dims, max_rank, rank);
    FN(SLOT_RELEASE_TENSOR_TYPE_AND_SHAPE_INFO, void, OrtmTensorInfo *)(info);
    return status;
}

OrtmStatus *ortm_run(OrtmSession *session, const char *const *input_names, const OrtmValue *const *inputs,
                     size_t input_count, const char *const *output_names, size_t output_count, OrtmValue **outputs) {
    return FN(SLOT_RUN, OrtmStatus *, OrtmSession *, const void *, const char *const *, const OrtmValue *const *,
              size_t, const char *const *, size_t, OrtmValue **)(session, NULL, input_names, inputs, input_count,
                                                                 output_names, output_count, outputs);
}
