// The declarations of Apple's macOS SDK that this package's Darwin branches use, typed as the SDK declares
// them (typedef chains, nullability, assume_nonnull regions, function vs. macro), so that Swift's importer
// gives them the same Swift types it gives them on a Mac. Scripts/check-darwin type-checks every file that
// has a platform branch against this module on Linux. Each group names the SDK header it stands for; the
// facts were read from those headers (MacOSX.sdk/usr/include, as mirrored for cross-compilers) and from
// swift-system's Darwin code (Docs/platforms.md, "How the Darwin branches are checked").
// Add a declaration here only after reading it in the SDK header: a wrong one makes the check agree with a
// build that fails on a Mac.
#pragma once

// <sys/_types.h>, <machine/_types.h>, <arm/_types.h>: the LP64 widths.
typedef signed char __int8_t;
typedef unsigned char __uint8_t;
typedef short __int16_t;
typedef unsigned short __uint16_t;
typedef int __int32_t;
typedef unsigned int __uint32_t;
typedef long long __int64_t;
typedef unsigned long long __uint64_t;
typedef long __darwin_ssize_t;
typedef unsigned long __darwin_size_t;
typedef long __darwin_time_t;
typedef __int32_t __darwin_pid_t;
typedef __uint32_t __darwin_uid_t;
typedef __uint32_t __darwin_gid_t;
typedef __int32_t __darwin_dev_t;
typedef __uint64_t __darwin_ino64_t;
typedef __uint16_t __darwin_mode_t;
typedef __int64_t __darwin_off_t;
typedef __int64_t __darwin_blkcnt_t;
typedef __int32_t __darwin_blksize_t;
typedef __uint32_t __darwin_useconds_t;
typedef __uint32_t __darwin_sigset_t;
typedef __uint32_t __darwin_natural_t;
typedef __darwin_natural_t __darwin_mach_port_name_t;
typedef __darwin_mach_port_name_t __darwin_mach_port_t;

typedef unsigned long size_t;
typedef long ssize_t;
typedef __darwin_time_t DS_time_t __attribute__((swift_name("time_t")));
typedef __darwin_pid_t DS_pid_t __attribute__((swift_name("pid_t")));
typedef __darwin_uid_t DS_uid_t __attribute__((swift_name("uid_t")));
typedef __darwin_gid_t DS_gid_t __attribute__((swift_name("gid_t")));
typedef __darwin_dev_t DS_dev_t __attribute__((swift_name("dev_t")));
typedef __darwin_ino64_t DS_ino_t __attribute__((swift_name("ino_t")));
typedef __darwin_mode_t DS_mode_t __attribute__((swift_name("mode_t")));
typedef __darwin_off_t DS_off_t __attribute__((swift_name("off_t")));
typedef __uint16_t DS_nlink_t __attribute__((swift_name("nlink_t")));
typedef __darwin_blkcnt_t DS_blkcnt_t __attribute__((swift_name("blkcnt_t")));
typedef __darwin_blksize_t DS_blksize_t __attribute__((swift_name("blksize_t")));
typedef __darwin_useconds_t DS_useconds_t __attribute__((swift_name("useconds_t")));
typedef __darwin_sigset_t DS_sigset_t __attribute__((swift_name("sigset_t")));
typedef __uint64_t DS_rlim_t __attribute__((swift_name("rlim_t")));

// <sys/_types/_timespec.h>
struct __attribute__((swift_name("timespec"))) DS_timespec {
    __darwin_time_t tv_sec;
    long tv_nsec;
};

// <sys/stat.h> (64-bit inodes, __DARWIN_STRUCT_STAT64): no st_mtim, the times are st_*timespec.
struct __attribute__((swift_name("stat"))) DS_stat {
    DS_dev_t st_dev;
    DS_mode_t st_mode;
    DS_nlink_t st_nlink;
    __darwin_ino64_t st_ino;
    DS_uid_t st_uid;
    DS_gid_t st_gid;
    DS_dev_t st_rdev;
    struct DS_timespec st_atimespec;
    struct DS_timespec st_mtimespec;
    struct DS_timespec st_ctimespec;
    struct DS_timespec st_birthtimespec;
    DS_off_t st_size;
    DS_blkcnt_t st_blocks;
    DS_blksize_t st_blksize;
    __uint32_t st_flags;
    __uint32_t st_gen;
    __int32_t st_lspare;
    __int64_t st_qspare[2];
};
int DS_chmod(const char *, DS_mode_t) __attribute__((swift_name("chmod(_:_:)")));
int DS_fstat(int, struct DS_stat *) __attribute__((swift_name("fstat(_:_:)")));
int DS_lstat(const char *, struct DS_stat *) __attribute__((swift_name("lstat(_:_:)")));
int DS_mkdir(const char *, DS_mode_t) __attribute__((swift_name("mkdir(_:_:)")));
int DS_stat(const char *, struct DS_stat *) __attribute__((swift_name("stat(_:_:)")));
DS_mode_t DS_umask(DS_mode_t) __attribute__((swift_name("umask(_:)")));
// S_IF* and S_I[RWX]* are `mode_t` properties of the overlay (Darwin.swift).

// <sys/_pthread/_pthread_types.h>: pthread_t is a pointer to an opaque struct; the others are structs.
struct __attribute__((swift_name("_opaque_pthread_t"))) DS__opaque_pthread_t { long __sig; void *__cleanup_stack; char __opaque[8176]; };
struct __attribute__((swift_name("_opaque_pthread_attr_t"))) DS__opaque_pthread_attr_t { long __sig; char __opaque[56]; };
struct __attribute__((swift_name("_opaque_pthread_mutex_t"))) DS__opaque_pthread_mutex_t { long __sig; char __opaque[56]; };
struct __attribute__((swift_name("_opaque_pthread_mutexattr_t"))) DS__opaque_pthread_mutexattr_t { long __sig; char __opaque[8]; };
struct __attribute__((swift_name("_opaque_pthread_cond_t"))) DS__opaque_pthread_cond_t { long __sig; char __opaque[40]; };
struct __attribute__((swift_name("_opaque_pthread_condattr_t"))) DS__opaque_pthread_condattr_t { long __sig; char __opaque[8]; };
typedef struct DS__opaque_pthread_t *__darwin_pthread_t;
typedef struct DS__opaque_pthread_attr_t __darwin_pthread_attr_t;
typedef struct DS__opaque_pthread_mutex_t __darwin_pthread_mutex_t;
typedef struct DS__opaque_pthread_mutexattr_t __darwin_pthread_mutexattr_t;
typedef struct DS__opaque_pthread_cond_t __darwin_pthread_cond_t;
typedef struct DS__opaque_pthread_condattr_t __darwin_pthread_condattr_t;
typedef __darwin_pthread_t DS_pthread_t __attribute__((swift_name("pthread_t")));
typedef __darwin_pthread_attr_t DS_pthread_attr_t __attribute__((swift_name("pthread_attr_t")));
typedef __darwin_pthread_mutex_t DS_pthread_mutex_t __attribute__((swift_name("pthread_mutex_t")));
typedef __darwin_pthread_mutexattr_t DS_pthread_mutexattr_t __attribute__((swift_name("pthread_mutexattr_t")));
typedef __darwin_pthread_cond_t DS_pthread_cond_t __attribute__((swift_name("pthread_cond_t")));
typedef __darwin_pthread_condattr_t DS_pthread_condattr_t __attribute__((swift_name("pthread_condattr_t")));

// <dirent.h>, <sys/dirent.h>
static const int DS_DT_UNKNOWN __attribute__((swift_name("DT_UNKNOWN"))) = 0;
static const int DS_DT_FIFO __attribute__((swift_name("DT_FIFO"))) = 1;
static const int DS_DT_CHR __attribute__((swift_name("DT_CHR"))) = 2;
static const int DS_DT_DIR __attribute__((swift_name("DT_DIR"))) = 4;
static const int DS_DT_BLK __attribute__((swift_name("DT_BLK"))) = 6;
static const int DS_DT_REG __attribute__((swift_name("DT_REG"))) = 8;
static const int DS_DT_LNK __attribute__((swift_name("DT_LNK"))) = 10;
static const int DS_DT_SOCK __attribute__((swift_name("DT_SOCK"))) = 12;
static const int DS_DT_WHT __attribute__((swift_name("DT_WHT"))) = 14;
struct __attribute__((swift_name("dirent"))) DS_dirent {
    __uint64_t d_ino;
    __uint64_t d_seekoff;
    __uint16_t d_reclen;
    __uint16_t d_namlen;
    __uint8_t d_type;
    char d_name[1024];
};
struct DS__telldir;
typedef struct {
    int __dd_fd;
    long __dd_loc;
    long __dd_size;
    char *__dd_buf;
    int __dd_len;
    long __dd_seek;
    long __padding;
    int __dd_flags;
    __darwin_pthread_mutex_t __dd_lock;
    struct DS__telldir *__dd_td;
} DS_DIR __attribute__((swift_name("DIR")));
int DS_closedir(DS_DIR *) __attribute__((swift_name("closedir(_:)")));
DS_DIR *DS_opendir(const char *) __attribute__((swift_name("opendir(_:)")));
DS_DIR *DS_fdopendir(int) __attribute__((swift_name("fdopendir(_:)")));
struct DS_dirent *DS_readdir(DS_DIR *) __attribute__((swift_name("readdir(_:)")));
int DS_dirfd(DS_DIR *dirp) __attribute__((swift_name("dirfd(_:)")));

// <fcntl.h>, <sys/fcntl.h>: open, openat and fcntl are variadic, so the overlay declares them (Darwin.swift).
static const int DS_O_RDONLY __attribute__((swift_name("O_RDONLY"))) = 0x0000;
static const int DS_O_WRONLY __attribute__((swift_name("O_WRONLY"))) = 0x0001;
static const int DS_O_RDWR __attribute__((swift_name("O_RDWR"))) = 0x0002;
static const int DS_O_NONBLOCK __attribute__((swift_name("O_NONBLOCK"))) = 0x00000004;
static const int DS_O_APPEND __attribute__((swift_name("O_APPEND"))) = 0x00000008;
static const int DS_O_CREAT __attribute__((swift_name("O_CREAT"))) = 0x00000200;
static const int DS_O_TRUNC __attribute__((swift_name("O_TRUNC"))) = 0x00000400;
static const int DS_O_EXCL __attribute__((swift_name("O_EXCL"))) = 0x00000800;
static const int DS_O_NOFOLLOW __attribute__((swift_name("O_NOFOLLOW"))) = 0x00000100;
static const int DS_O_NOCTTY __attribute__((swift_name("O_NOCTTY"))) = 0x00020000;
static const int DS_O_DIRECTORY __attribute__((swift_name("O_DIRECTORY"))) = 0x00100000;
static const int DS_O_CLOEXEC __attribute__((swift_name("O_CLOEXEC"))) = 0x01000000;
static const int DS_F_GETFD __attribute__((swift_name("F_GETFD"))) = 1;
static const int DS_F_SETFD __attribute__((swift_name("F_SETFD"))) = 2;
static const int DS_F_GETFL __attribute__((swift_name("F_GETFL"))) = 3;
static const int DS_F_SETFL __attribute__((swift_name("F_SETFL"))) = 4;
static const int DS_FD_CLOEXEC __attribute__((swift_name("FD_CLOEXEC"))) = 1;
static const int DS_AT_FDCWD __attribute__((swift_name("AT_FDCWD"))) = -2;
static const int DS_AT_SYMLINK_NOFOLLOW __attribute__((swift_name("AT_SYMLINK_NOFOLLOW"))) = 0x0020;
static const int DS_AT_REMOVEDIR __attribute__((swift_name("AT_REMOVEDIR"))) = 0x0080;

// <sys/file.h>
static const int DS_LOCK_SH __attribute__((swift_name("LOCK_SH"))) = 0x01;
static const int DS_LOCK_EX __attribute__((swift_name("LOCK_EX"))) = 0x02;
static const int DS_LOCK_NB __attribute__((swift_name("LOCK_NB"))) = 0x04;
static const int DS_LOCK_UN __attribute__((swift_name("LOCK_UN"))) = 0x08;
int DS_flock(int, int) __attribute__((swift_name("flock(_:_:)")));

// <sys/errno.h>: errno itself is the overlay's property.
static const int DS_EPERM __attribute__((swift_name("EPERM"))) = 1;
static const int DS_ENOENT __attribute__((swift_name("ENOENT"))) = 2;
static const int DS_EINTR __attribute__((swift_name("EINTR"))) = 4;
static const int DS_EIO __attribute__((swift_name("EIO"))) = 5;
static const int DS_EBADF __attribute__((swift_name("EBADF"))) = 9;
static const int DS_EACCES __attribute__((swift_name("EACCES"))) = 13;
static const int DS_EEXIST __attribute__((swift_name("EEXIST"))) = 17;
static const int DS_ENOTDIR __attribute__((swift_name("ENOTDIR"))) = 20;
static const int DS_EISDIR __attribute__((swift_name("EISDIR"))) = 21;
static const int DS_EINVAL __attribute__((swift_name("EINVAL"))) = 22;
static const int DS_EFBIG __attribute__((swift_name("EFBIG"))) = 27;
static const int DS_ENOSPC __attribute__((swift_name("ENOSPC"))) = 28;
static const int DS_ESPIPE __attribute__((swift_name("ESPIPE"))) = 29;
static const int DS_EROFS __attribute__((swift_name("EROFS"))) = 30;
static const int DS_EAGAIN __attribute__((swift_name("EAGAIN"))) = 35;
static const int DS_EWOULDBLOCK __attribute__((swift_name("EWOULDBLOCK"))) = DS_EAGAIN;
static const int DS_ELOOP __attribute__((swift_name("ELOOP"))) = 62;
static const int DS_ENAMETOOLONG __attribute__((swift_name("ENAMETOOLONG"))) = 63;
static const int DS_ENOTEMPTY __attribute__((swift_name("ENOTEMPTY"))) = 66;
extern int *DS___error(void) __attribute__((swift_name("__error()")));

// <unistd.h>
static const int DS_F_OK __attribute__((swift_name("F_OK"))) = 0;
static const int DS_X_OK __attribute__((swift_name("X_OK"))) = (1 << 0);
static const int DS_W_OK __attribute__((swift_name("W_OK"))) = (1 << 1);
static const int DS_R_OK __attribute__((swift_name("R_OK"))) = (1 << 2);
static const int DS__SC_NPROCESSORS_CONF __attribute__((swift_name("_SC_NPROCESSORS_CONF"))) = 57;
static const int DS__SC_NPROCESSORS_ONLN __attribute__((swift_name("_SC_NPROCESSORS_ONLN"))) = 58;
static const int DS__SC_PAGESIZE __attribute__((swift_name("_SC_PAGESIZE"))) = 29;
void DS__exit(int) __attribute__((__noreturn__)) __attribute__((swift_name("_exit(_:)")));
int DS_access(const char *, int) __attribute__((swift_name("access(_:_:)")));
int DS_close(int) __attribute__((swift_name("close(_:)")));
int DS_dup(int) __attribute__((swift_name("dup(_:)")));
int DS_dup2(int, int) __attribute__((swift_name("dup2(_:_:)")));
int DS_fsync(int) __attribute__((swift_name("fsync(_:)")));
DS_pid_t DS_getpid(void) __attribute__((swift_name("getpid()")));
DS_uid_t DS_geteuid(void) __attribute__((swift_name("geteuid()")));
int DS_isatty(int) __attribute__((swift_name("isatty(_:)")));
int DS_link(const char *, const char *) __attribute__((swift_name("link(_:_:)")));
DS_off_t DS_lseek(int, DS_off_t, int) __attribute__((swift_name("lseek(_:_:_:)")));
int DS_pipe(int[2]) __attribute__((swift_name("pipe(_:)")));
ssize_t DS_read(int, void *, size_t) __attribute__((swift_name("read(_:_:_:)")));
int DS_rmdir(const char *) __attribute__((swift_name("rmdir(_:)")));
long DS_sysconf(int) __attribute__((swift_name("sysconf(_:)")));
int DS_unlink(const char *) __attribute__((swift_name("unlink(_:)")));
int DS_usleep(DS_useconds_t) __attribute__((swift_name("usleep(_:)")));
ssize_t DS_write(int __fd, const void * __buf, size_t __nbyte) __attribute__((swift_name("write(_:_:_:)")));

// <stdlib.h>: no nullability annotations, so pointers import as implicitly unwrapped optionals.
void DS_exit(int) __attribute__((__noreturn__)) __attribute__((swift_name("exit(_:)")));
void DS_free(void *) __attribute__((swift_name("free(_:)")));
void *DS_malloc(size_t __size) __attribute__((swift_name("malloc(_:)")));
char *DS_getenv(const char *) __attribute__((swift_name("getenv(_:)")));
char *DS_mkdtemp(char *) __attribute__((swift_name("mkdtemp(_:)")));
int DS_mkstemp(char *) __attribute__((swift_name("mkstemp(_:)")));
char *DS_realpath(const char * __restrict, char * __restrict) __attribute__((swift_name("realpath(_:_:)")));

// <stdlib.h>: the pseudo-terminal calls (CommandLineConventionsTests).
int DS_posix_openpt(int) __attribute__((swift_name("posix_openpt(_:)")));
int DS_grantpt(int) __attribute__((swift_name("grantpt(_:)")));
int DS_unlockpt(int) __attribute__((swift_name("unlockpt(_:)")));
char *DS_ptsname(int) __attribute__((swift_name("ptsname(_:)")));

// <dlfcn.h>: no nullability annotations.
static const int DS_RTLD_LAZY __attribute__((swift_name("RTLD_LAZY"))) = 0x1;
static const int DS_RTLD_NOW __attribute__((swift_name("RTLD_NOW"))) = 0x2;
void *DS_dlopen(const char * __path, int __mode) __attribute__((swift_name("dlopen(_:_:)")));
void *DS_dlsym(void * __handle, const char * __symbol) __attribute__((swift_name("dlsym(_:_:)")));

// <string.h>
void *DS_memchr(const void *__s, int __c, size_t __n) __attribute__((swift_name("memchr(_:_:_:)")));
int DS_memcmp(const void *__s1, const void *__s2, size_t __n) __attribute__((swift_name("memcmp(_:_:_:)")));
void *DS_memcpy(void *__dst, const void *__src, size_t __n) __attribute__((swift_name("memcpy(_:_:_:)")));
char *DS_strdup(const char *__s1) __attribute__((swift_name("strdup(_:)")));
char *DS_strerror(int __errnum) __attribute__((swift_name("strerror(_:)")));
size_t DS_strlen(const char *__s) __attribute__((swift_name("strlen(_:)")));

// <stdio.h>: stdin, stdout and stderr are macros for these three, which the overlay reads (Darwin.swift).
typedef struct __attribute__((swift_name("__sFILE"))) DS___sFILE { int _stub; } DS_FILE __attribute__((swift_name("FILE")));
extern DS_FILE *__stdinp;
extern DS_FILE *__stdoutp;
extern DS_FILE *__stderrp;
int DS_fflush(DS_FILE *) __attribute__((swift_name("fflush(_:)")));
int DS_fputs(const char * __restrict, DS_FILE * __restrict) __attribute__((swift_name("fputs(_:_:)")));
size_t DS_fwrite(const void * __restrict __ptr, size_t __size, size_t __nitems, DS_FILE * __restrict __stream) __attribute__((swift_name("fwrite(_:_:_:_:)")));
int DS_rename(const char *__old, const char *__new) __attribute__((swift_name("rename(_:_:)")));

// <fnmatch.h>
static const int DS_FNM_NOMATCH __attribute__((swift_name("FNM_NOMATCH"))) = 1;
static const int DS_FNM_NOESCAPE __attribute__((swift_name("FNM_NOESCAPE"))) = 0x01;
static const int DS_FNM_PATHNAME __attribute__((swift_name("FNM_PATHNAME"))) = 0x02;
static const int DS_FNM_PERIOD __attribute__((swift_name("FNM_PERIOD"))) = 0x04;
int DS_fnmatch(const char *, const char *, int) __attribute__((swift_name("fnmatch(_:_:_:)")));

// <signal.h>, <sys/signal.h>: SIG_DFL and SIG_IGN are the overlay's.
static const int DS_SIGHUP __attribute__((swift_name("SIGHUP"))) = 1;
static const int DS_SIGINT __attribute__((swift_name("SIGINT"))) = 2;
static const int DS_SIGKILL __attribute__((swift_name("SIGKILL"))) = 9;
static const int DS_SIGPIPE __attribute__((swift_name("SIGPIPE"))) = 13;
static const int DS_SIGTERM __attribute__((swift_name("SIGTERM"))) = 15;
static const int DS_SIGXFSZ __attribute__((swift_name("SIGXFSZ"))) = 25;
typedef void (*DS_sig_t)(int) __attribute__((swift_name("sig_t")));
void (*DS_signal(int, void (*)(int)))(int) __attribute__((swift_name("signal(_:_:)")));
int DS_kill(DS_pid_t, int) __attribute__((swift_name("kill(_:_:)")));
int DS_raise(int) __attribute__((swift_name("raise(_:)")));
int DS_sigemptyset(DS_sigset_t *) __attribute__((swift_name("sigemptyset(_:)")));
int DS_sigfillset(DS_sigset_t *) __attribute__((swift_name("sigfillset(_:)")));

// <sys/wait.h>
static const int DS_WNOHANG __attribute__((swift_name("WNOHANG"))) = 0x00000001;
DS_pid_t DS_waitpid(DS_pid_t, int *, int) __attribute__((swift_name("waitpid(_:_:_:)")));

// <poll.h>, <sys/poll.h>
static const int DS_POLLIN __attribute__((swift_name("POLLIN"))) = 0x0001;
static const int DS_POLLOUT __attribute__((swift_name("POLLOUT"))) = 0x0004;
static const int DS_POLLERR __attribute__((swift_name("POLLERR"))) = 0x0008;
static const int DS_POLLHUP __attribute__((swift_name("POLLHUP"))) = 0x0010;
struct __attribute__((swift_name("pollfd"))) DS_pollfd {
    int fd;
    short events;
    short revents;
};
typedef unsigned int DS_nfds_t __attribute__((swift_name("nfds_t")));
int DS_poll(struct DS_pollfd *, DS_nfds_t, int) __attribute__((swift_name("poll(_:_:_:)")));

// <time.h>: clockid_t is an enum, CLOCK_MONOTONIC a macro naming its case.
typedef enum {
    _CLOCK_REALTIME = 0,
    _CLOCK_MONOTONIC = 6,
    _CLOCK_MONOTONIC_RAW = 4,
    _CLOCK_MONOTONIC_RAW_APPROX = 5,
    _CLOCK_UPTIME_RAW = 8,
    _CLOCK_UPTIME_RAW_APPROX = 9,
    _CLOCK_PROCESS_CPUTIME_ID = 12,
    _CLOCK_THREAD_CPUTIME_ID = 16
} DS_clockid_t __attribute__((swift_name("clockid_t")));
static const DS_clockid_t DS_CLOCK_REALTIME __attribute__((swift_name("CLOCK_REALTIME"))) = _CLOCK_REALTIME;
static const DS_clockid_t DS_CLOCK_MONOTONIC __attribute__((swift_name("CLOCK_MONOTONIC"))) = _CLOCK_MONOTONIC;
int DS_clock_gettime(DS_clockid_t __clock_id, struct DS_timespec *__tp) __attribute__((swift_name("clock_gettime(_:_:)")));

// <sys/resource.h>: RLIMIT_* are plain int macros; RLIM_INFINITY is ((__uint64_t)1 << 63) - 1.
static const int DS_RLIMIT_AS __attribute__((swift_name("RLIMIT_AS"))) = 5;
static const int DS_RLIMIT_NOFILE __attribute__((swift_name("RLIMIT_NOFILE"))) = 8;
struct __attribute__((swift_name("rlimit"))) DS_rlimit {
    DS_rlim_t rlim_cur;
    DS_rlim_t rlim_max;
};
int DS_getrlimit(int, struct DS_rlimit *) __attribute__((swift_name("getrlimit(_:_:)")));
int DS_setrlimit(int, const struct DS_rlimit *) __attribute__((swift_name("setrlimit(_:_:)")));

// <sys/sysctl.h>
int DS_sysctlbyname(const char *, void *, size_t *, void *, size_t) __attribute__((swift_name("sysctlbyname(_:_:_:_:_:)")));

// <crt_externs.h>: a Mac has no `environ` declared for a program; this is the way to it.
extern char ***DS__NSGetEnviron(void) __attribute__((swift_name("_NSGetEnviron()")));

// <spawn.h>: opaque pointer types, no nullability annotations.
static const int DS_POSIX_SPAWN_SETSIGDEF __attribute__((swift_name("POSIX_SPAWN_SETSIGDEF"))) = 0x0004;
static const int DS_POSIX_SPAWN_SETSIGMASK __attribute__((swift_name("POSIX_SPAWN_SETSIGMASK"))) = 0x0008;
typedef void *DS_posix_spawnattr_t __attribute__((swift_name("posix_spawnattr_t")));
typedef void *DS_posix_spawn_file_actions_t __attribute__((swift_name("posix_spawn_file_actions_t")));
int DS_posix_spawn(DS_pid_t * __restrict, const char * __restrict, const DS_posix_spawn_file_actions_t *,
    const DS_posix_spawnattr_t * __restrict, char *const __argv[__restrict], char *const __envp[__restrict]) __attribute__((swift_name("posix_spawn(_:_:_:_:_:_:)")));
int DS_posix_spawn_file_actions_adddup2(DS_posix_spawn_file_actions_t *, int, int) __attribute__((swift_name("posix_spawn_file_actions_adddup2(_:_:_:)")));
int DS_posix_spawn_file_actions_destroy(DS_posix_spawn_file_actions_t *) __attribute__((swift_name("posix_spawn_file_actions_destroy(_:)")));
int DS_posix_spawn_file_actions_init(DS_posix_spawn_file_actions_t *) __attribute__((swift_name("posix_spawn_file_actions_init(_:)")));
int DS_posix_spawnattr_destroy(DS_posix_spawnattr_t *) __attribute__((swift_name("posix_spawnattr_destroy(_:)")));
int DS_posix_spawnattr_init(DS_posix_spawnattr_t *) __attribute__((swift_name("posix_spawnattr_init(_:)")));
int DS_posix_spawnattr_setflags(DS_posix_spawnattr_t *, short) __attribute__((swift_name("posix_spawnattr_setflags(_:_:)")));
int DS_posix_spawnattr_setsigdefault(DS_posix_spawnattr_t * __restrict, const DS_sigset_t * __restrict) __attribute__((swift_name("posix_spawnattr_setsigdefault(_:_:)")));
int DS_posix_spawnattr_setsigmask(DS_posix_spawnattr_t * __restrict, const DS_sigset_t * __restrict) __attribute__((swift_name("posix_spawnattr_setsigmask(_:_:)")));

// <pthread.h>: the prototypes sit in an assume_nonnull region, and pthread_create is the nullability-annotated
// one that Swift's importer selects (it defines SWIFT_SDK_OVERLAY_PTHREAD_EPOCH >= 1).
#pragma clang assume_nonnull begin
int DS_pthread_attr_destroy(DS_pthread_attr_t *) __attribute__((swift_name("pthread_attr_destroy(_:)")));
int DS_pthread_attr_init(DS_pthread_attr_t *) __attribute__((swift_name("pthread_attr_init(_:)")));
int DS_pthread_attr_setstacksize(DS_pthread_attr_t *, size_t) __attribute__((swift_name("pthread_attr_setstacksize(_:_:)")));
int DS_pthread_cond_broadcast(DS_pthread_cond_t *) __attribute__((swift_name("pthread_cond_broadcast(_:)")));
int DS_pthread_cond_destroy(DS_pthread_cond_t *) __attribute__((swift_name("pthread_cond_destroy(_:)")));
int DS_pthread_cond_init(DS_pthread_cond_t * __restrict, const DS_pthread_condattr_t * _Nullable __restrict) __attribute__((swift_name("pthread_cond_init(_:_:)")));
int DS_pthread_cond_signal(DS_pthread_cond_t *) __attribute__((swift_name("pthread_cond_signal(_:)")));
int DS_pthread_cond_wait(DS_pthread_cond_t * __restrict, DS_pthread_mutex_t * __restrict) __attribute__((swift_name("pthread_cond_wait(_:_:)")));
int DS_pthread_create(DS_pthread_t _Nullable * _Nonnull __restrict, const DS_pthread_attr_t * _Nullable __restrict,
    void * _Nullable (* _Nonnull)(void * _Nullable), void * _Nullable __restrict) __attribute__((swift_name("pthread_create(_:_:_:_:)")));
int DS_pthread_join(DS_pthread_t, void * _Nullable * _Nullable) __attribute__((swift_name("pthread_join(_:_:)")));
int DS_pthread_mutex_destroy(DS_pthread_mutex_t *) __attribute__((swift_name("pthread_mutex_destroy(_:)")));
int DS_pthread_mutex_init(DS_pthread_mutex_t * __restrict, const DS_pthread_mutexattr_t * _Nullable __restrict) __attribute__((swift_name("pthread_mutex_init(_:_:)")));
int DS_pthread_mutex_lock(DS_pthread_mutex_t *) __attribute__((swift_name("pthread_mutex_lock(_:)")));
int DS_pthread_mutex_unlock(DS_pthread_mutex_t *) __attribute__((swift_name("pthread_mutex_unlock(_:)")));
#pragma clang assume_nonnull end

// <math.h>
double DS_cos(double) __attribute__((swift_name("cos(_:)")));
float DS_cosf(float) __attribute__((swift_name("cosf(_:)")));
double DS_sin(double) __attribute__((swift_name("sin(_:)")));
float DS_sinf(float) __attribute__((swift_name("sinf(_:)")));
double DS_pow(double, double) __attribute__((swift_name("pow(_:_:)")));
float DS_powf(float, float) __attribute__((swift_name("powf(_:_:)")));
float DS_floorf(float) __attribute__((swift_name("floorf(_:)")));
float DS_fabsf(float) __attribute__((swift_name("fabsf(_:)")));
float DS_fmaxf(float, float) __attribute__((swift_name("fmaxf(_:_:)")));
float DS_fminf(float, float) __attribute__((swift_name("fminf(_:_:)")));
float DS_copysignf(float, float) __attribute__((swift_name("copysignf(_:_:)")));
