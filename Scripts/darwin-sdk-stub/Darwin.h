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

typedef __darwin_size_t size_t;
typedef __darwin_ssize_t ssize_t;
typedef __darwin_time_t time_t;
typedef __darwin_pid_t pid_t;
typedef __darwin_uid_t uid_t;
typedef __darwin_gid_t gid_t;
typedef __darwin_dev_t dev_t;
typedef __darwin_ino64_t ino_t;
typedef __darwin_mode_t mode_t;
typedef __darwin_off_t off_t;
typedef __uint16_t nlink_t;
typedef __darwin_blkcnt_t blkcnt_t;
typedef __darwin_blksize_t blksize_t;
typedef __darwin_useconds_t useconds_t;
typedef __darwin_sigset_t sigset_t;
typedef __uint64_t rlim_t;
typedef __int8_t int8_t;
typedef __uint8_t uint8_t;
typedef __int16_t int16_t;
typedef __uint16_t uint16_t;
typedef __int32_t int32_t;
typedef __uint32_t uint32_t;
typedef __int64_t int64_t;
typedef __uint64_t uint64_t;

// <sys/_types/_timespec.h>
struct timespec {
    __darwin_time_t tv_sec;
    long tv_nsec;
};

// <sys/stat.h> (64-bit inodes, __DARWIN_STRUCT_STAT64): no st_mtim, the times are st_*timespec.
struct stat {
    dev_t st_dev;
    mode_t st_mode;
    nlink_t st_nlink;
    __darwin_ino64_t st_ino;
    uid_t st_uid;
    gid_t st_gid;
    dev_t st_rdev;
    struct timespec st_atimespec;
    struct timespec st_mtimespec;
    struct timespec st_ctimespec;
    struct timespec st_birthtimespec;
    off_t st_size;
    blkcnt_t st_blocks;
    blksize_t st_blksize;
    __uint32_t st_flags;
    __uint32_t st_gen;
    __int32_t st_lspare;
    __int64_t st_qspare[2];
};
int chmod(const char *, mode_t);
int fstat(int, struct stat *);
int lstat(const char *, struct stat *);
int mkdir(const char *, mode_t);
int stat(const char *, struct stat *);
mode_t umask(mode_t);
// S_IF* and S_I[RWX]* are `mode_t` properties of the overlay (Darwin.swift).

// <sys/_pthread/_pthread_types.h>: pthread_t is a pointer to an opaque struct; the others are structs.
struct _opaque_pthread_t { long __sig; void *__cleanup_stack; char __opaque[8176]; };
struct _opaque_pthread_attr_t { long __sig; char __opaque[56]; };
struct _opaque_pthread_mutex_t { long __sig; char __opaque[56]; };
struct _opaque_pthread_mutexattr_t { long __sig; char __opaque[8]; };
struct _opaque_pthread_cond_t { long __sig; char __opaque[40]; };
struct _opaque_pthread_condattr_t { long __sig; char __opaque[8]; };
typedef struct _opaque_pthread_t *__darwin_pthread_t;
typedef struct _opaque_pthread_attr_t __darwin_pthread_attr_t;
typedef struct _opaque_pthread_mutex_t __darwin_pthread_mutex_t;
typedef struct _opaque_pthread_mutexattr_t __darwin_pthread_mutexattr_t;
typedef struct _opaque_pthread_cond_t __darwin_pthread_cond_t;
typedef struct _opaque_pthread_condattr_t __darwin_pthread_condattr_t;
typedef __darwin_pthread_t pthread_t;
typedef __darwin_pthread_attr_t pthread_attr_t;
typedef __darwin_pthread_mutex_t pthread_mutex_t;
typedef __darwin_pthread_mutexattr_t pthread_mutexattr_t;
typedef __darwin_pthread_cond_t pthread_cond_t;
typedef __darwin_pthread_condattr_t pthread_condattr_t;

// <dirent.h>, <sys/dirent.h>
#define DT_UNKNOWN 0
#define DT_FIFO 1
#define DT_CHR 2
#define DT_DIR 4
#define DT_BLK 6
#define DT_REG 8
#define DT_LNK 10
#define DT_SOCK 12
#define DT_WHT 14
struct dirent {
    __uint64_t d_ino;
    __uint64_t d_seekoff;
    __uint16_t d_reclen;
    __uint16_t d_namlen;
    __uint8_t d_type;
    char d_name[1024];
};
struct _telldir;
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
    struct _telldir *__dd_td;
} DIR;
int closedir(DIR *);
DIR *opendir(const char *);
DIR *fdopendir(int);
struct dirent *readdir(DIR *);
int dirfd(DIR *dirp);

// <fcntl.h>, <sys/fcntl.h>: open, openat and fcntl are variadic, so the overlay declares them (Darwin.swift).
#define O_RDONLY 0x0000
#define O_WRONLY 0x0001
#define O_RDWR 0x0002
#define O_NONBLOCK 0x00000004
#define O_APPEND 0x00000008
#define O_CREAT 0x00000200
#define O_TRUNC 0x00000400
#define O_EXCL 0x00000800
#define O_NOFOLLOW 0x00000100
#define O_DIRECTORY 0x00100000
#define O_CLOEXEC 0x01000000
#define F_GETFD 1
#define F_SETFD 2
#define F_GETFL 3
#define F_SETFL 4
#define FD_CLOEXEC 1
#define AT_FDCWD -2
#define AT_SYMLINK_NOFOLLOW 0x0020
#define AT_REMOVEDIR 0x0080

// <sys/file.h>
#define LOCK_SH 0x01
#define LOCK_EX 0x02
#define LOCK_NB 0x04
#define LOCK_UN 0x08
int flock(int, int);

// <sys/errno.h>: errno itself is the overlay's property.
#define EPERM 1
#define ENOENT 2
#define EINTR 4
#define EIO 5
#define EBADF 9
#define EACCES 13
#define EEXIST 17
#define ENOTDIR 20
#define EISDIR 21
#define EINVAL 22
#define EFBIG 27
#define ENOSPC 28
#define ESPIPE 29
#define EROFS 30
#define EAGAIN 35
#define EWOULDBLOCK EAGAIN
#define ELOOP 62
#define ENAMETOOLONG 63
#define ENOTEMPTY 66
extern int *__error(void);

// <unistd.h>
#define F_OK 0
#define X_OK (1 << 0)
#define W_OK (1 << 1)
#define R_OK (1 << 2)
#define _SC_NPROCESSORS_CONF 57
#define _SC_NPROCESSORS_ONLN 58
#define _SC_PAGESIZE 29
void _exit(int) __attribute__((__noreturn__));
int access(const char *, int);
int close(int);
int dup(int);
int dup2(int, int);
int fsync(int);
pid_t getpid(void);
int isatty(int);
int link(const char *, const char *);
off_t lseek(int, off_t, int);
int pipe(int[2]);
ssize_t read(int, void *, size_t);
int rmdir(const char *);
long sysconf(int);
int unlink(const char *);
int usleep(useconds_t);
ssize_t write(int __fd, const void * __buf, size_t __nbyte);

// <stdlib.h>: no nullability annotations, so pointers import as implicitly unwrapped optionals.
void exit(int) __attribute__((__noreturn__));
void free(void *);
void *malloc(size_t __size);
char *getenv(const char *);
char *mkdtemp(char *);
int mkstemp(char *);
char *realpath(const char * __restrict, char * __restrict);

// <string.h>
int memcmp(const void *__s1, const void *__s2, size_t __n);
void *memcpy(void *__dst, const void *__src, size_t __n);
char *strdup(const char *__s1);
char *strerror(int __errnum);
size_t strlen(const char *__s);

// <stdio.h>: stdin, stdout and stderr are macros for these three, which the overlay reads (Darwin.swift).
typedef struct __sFILE { int _stub; } FILE;
extern FILE *__stdinp;
extern FILE *__stdoutp;
extern FILE *__stderrp;
int fflush(FILE *);
int fputs(const char * __restrict, FILE * __restrict);
size_t fwrite(const void * __restrict __ptr, size_t __size, size_t __nitems, FILE * __restrict __stream);
int rename(const char *__old, const char *__new);

// <fnmatch.h>
#define FNM_NOMATCH 1
#define FNM_NOESCAPE 0x01
#define FNM_PATHNAME 0x02
#define FNM_PERIOD 0x04
int fnmatch(const char *, const char *, int);

// <signal.h>, <sys/signal.h>: SIG_DFL and SIG_IGN are the overlay's.
#define SIGHUP 1
#define SIGINT 2
#define SIGKILL 9
#define SIGPIPE 13
#define SIGTERM 15
typedef void (*sig_t)(int);
void (*signal(int, void (*)(int)))(int);
int kill(pid_t, int);
int raise(int);
int sigemptyset(sigset_t *);
int sigfillset(sigset_t *);

// <sys/wait.h>
#define WNOHANG 0x00000001
pid_t waitpid(pid_t, int *, int);

// <poll.h>, <sys/poll.h>
#define POLLIN 0x0001
#define POLLOUT 0x0004
#define POLLERR 0x0008
#define POLLHUP 0x0010
struct pollfd {
    int fd;
    short events;
    short revents;
};
typedef unsigned int nfds_t;
int poll(struct pollfd *, nfds_t, int);

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
} clockid_t;
#define CLOCK_REALTIME _CLOCK_REALTIME
#define CLOCK_MONOTONIC _CLOCK_MONOTONIC
int clock_gettime(clockid_t __clock_id, struct timespec *__tp);

// <sys/resource.h>: RLIMIT_* are plain int macros; RLIM_INFINITY is ((__uint64_t)1 << 63) - 1.
#define RLIMIT_AS 5
#define RLIMIT_NOFILE 8
struct rlimit {
    rlim_t rlim_cur;
    rlim_t rlim_max;
};
int getrlimit(int, struct rlimit *);
int setrlimit(int, const struct rlimit *);

// <sys/sysctl.h>
int sysctlbyname(const char *, void *, size_t *, void *, size_t);

// <crt_externs.h>: a Mac has no `environ` declared for a program; this is the way to it.
extern char ***_NSGetEnviron(void);

// <spawn.h>: opaque pointer types, no nullability annotations.
#define POSIX_SPAWN_SETSIGDEF 0x0004
#define POSIX_SPAWN_SETSIGMASK 0x0008
typedef void *posix_spawnattr_t;
typedef void *posix_spawn_file_actions_t;
int posix_spawn(pid_t * __restrict, const char * __restrict, const posix_spawn_file_actions_t *,
    const posix_spawnattr_t * __restrict, char *const __argv[__restrict], char *const __envp[__restrict]);
int posix_spawn_file_actions_adddup2(posix_spawn_file_actions_t *, int, int);
int posix_spawn_file_actions_destroy(posix_spawn_file_actions_t *);
int posix_spawn_file_actions_init(posix_spawn_file_actions_t *);
int posix_spawnattr_destroy(posix_spawnattr_t *);
int posix_spawnattr_init(posix_spawnattr_t *);
int posix_spawnattr_setflags(posix_spawnattr_t *, short);
int posix_spawnattr_setsigdefault(posix_spawnattr_t * __restrict, const sigset_t * __restrict);
int posix_spawnattr_setsigmask(posix_spawnattr_t * __restrict, const sigset_t * __restrict);

// <pthread.h>: the prototypes sit in an assume_nonnull region, and pthread_create is the nullability-annotated
// one that Swift's importer selects (it defines SWIFT_SDK_OVERLAY_PTHREAD_EPOCH >= 1).
#pragma clang assume_nonnull begin
int pthread_attr_destroy(pthread_attr_t *);
int pthread_attr_init(pthread_attr_t *);
int pthread_attr_setstacksize(pthread_attr_t *, size_t);
int pthread_cond_broadcast(pthread_cond_t *);
int pthread_cond_destroy(pthread_cond_t *);
int pthread_cond_init(pthread_cond_t * __restrict, const pthread_condattr_t * _Nullable __restrict);
int pthread_cond_signal(pthread_cond_t *);
int pthread_cond_wait(pthread_cond_t * __restrict, pthread_mutex_t * __restrict);
int pthread_create(pthread_t _Nullable * _Nonnull __restrict, const pthread_attr_t * _Nullable __restrict,
    void * _Nullable (* _Nonnull)(void * _Nullable), void * _Nullable __restrict);
int pthread_join(pthread_t, void * _Nullable * _Nullable);
int pthread_mutex_destroy(pthread_mutex_t *);
int pthread_mutex_init(pthread_mutex_t * __restrict, const pthread_mutexattr_t * _Nullable __restrict);
int pthread_mutex_lock(pthread_mutex_t *);
int pthread_mutex_unlock(pthread_mutex_t *);
#pragma clang assume_nonnull end

// <math.h>
double cos(double);
float cosf(float);
double sin(double);
float sinf(float);
double pow(double, double);
float powf(float, float);
float floorf(float);
float fabsf(float);
float fmaxf(float, float);
float fminf(float, float);
float copysignf(float, float);
