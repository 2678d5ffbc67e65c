// SPDX-License-Identifier: GPL-3.0-or-later
// A video's facts and poster frame through FFmpeg, read from an open file descriptor with
// every read bounded by the size the file had when it was opened. See CVideo.h.
#define _GNU_SOURCE
#include "CVideo.h"
#include "CDeferredLibraries.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/display.h>
#include <libavutil/imgutils.h>
#include <libswscale/swscale.h>

// The containers Flick opens (FFmpeg probes dozens more, each a parser a hostile file
// could reach): ISO media and QuickTime, Matroska and WebM, AVI, MPEG transport streams.
static const char *const demuxers = "mov,mp4,m4a,3gp,3g2,mj2,matroska,webm,avi,mpegts";
// More tracks than any camera or phone writes: a file declaring thousands is refused
// before FFmpeg sets each one up.
enum { maximum_streams = 64 };
// Packets read looking for the poster before giving up: key frames come every few
// seconds, and the others are skipped without decoding.
enum { maximum_packets = 4000 };
enum { reader_buffer_size = 1 << 16 };

struct flick_video {
    int fd;
    // Where the video starts in the file (a Motion Photo's is after its JPEG), and its size.
    int64_t offset;
    int64_t size;
    int64_t position;
    AVIOContext *io;
    AVFormatContext *format;
    int stream;
    int64_t maximum_pixels;
};

static void say(char *error, size_t error_size, const char *text) {
    if (error && error_size) snprintf(error, error_size, "%s", text);
}

static void say_av(char *error, size_t error_size, const char *what, int code) {
    char reason[128] = "";
    av_strerror(code, reason, sizeof reason);
    if (error && error_size) snprintf(error, error_size, "%s: %s", what, reason);
}

const char *flick_video_library_problem(void) {
    static const flick_library libraries[] = {FLICK_LIBRARY_AVUTIL, FLICK_LIBRARY_AVCODEC, FLICK_LIBRARY_AVFORMAT,
                                              FLICK_LIBRARY_SWSCALE};
    for (size_t i = 0; i < sizeof libraries / sizeof libraries[0]; i++) {
        const char *problem = flick_library_problem(libraries[i]);
        if (problem) return problem;
    }
    // FFmpeg's log goes to stderr: a hostile file would fill Flick's with its complaints.
    av_log_set_level(AV_LOG_QUIET);
    return NULL;
}

static int read_bytes(void *opaque, uint8_t *buffer, int count) {
    flick_video *video = opaque;
    if (video->position >= video->size) return AVERROR_EOF;
    int64_t left = video->size - video->position;
    size_t wanted = (size_t)(count < left ? count : left);
    ssize_t got;
    do { got = pread(video->fd, buffer, wanted, video->offset + video->position); } while (got < 0 && errno == EINTR);
    if (got < 0) return AVERROR(errno);
    if (got == 0) return AVERROR_EOF;
    video->position += got;
    return (int)got;
}

static int64_t seek_bytes(void *opaque, int64_t offset, int whence) {
    flick_video *video = opaque;
    if (whence & AVSEEK_SIZE) return video->size;
    int64_t target;
    switch (whence & ~AVSEEK_FORCE) {
    case SEEK_SET: target = offset; break;
    case SEEK_CUR: target = video->position + offset; break;
    case SEEK_END: target = video->size + offset; break;
    default: return AVERROR(EINVAL);
    }
    if (target < 0) return AVERROR(EINVAL);
    video->position = target;
    return target;
}

static const char *tag(AVDictionary *metadata, const char *key) {
    AVDictionaryEntry *entry = av_dict_get(metadata, key, NULL, 0);
    return entry && entry->value[0] ? entry->value : NULL;
}

static void copy_text(char *target, size_t size, const char *text) {
    if (text) snprintf(target, size, "%s", text);
}

// "2019-06-01T14:03:22+0200" (Apple's, local time with its offset) is taken as written;
// "2019-06-01T12:03:22.000000Z" (the container's, UTC) is turned into this machine's
// local time, as a camera's clock would have shown it here.
static void read_date(AVFormatContext *format, flick_video_facts *facts) {
    const char *local = tag(format->metadata, "com.apple.quicktime.creationdate");
    int year, month, day, hour, minute, second;
    if (local && sscanf(local, "%4d-%2d-%2dT%2d:%2d:%2d", &year, &month, &day, &hour, &minute, &second) == 6) {
        snprintf(facts->date_taken, sizeof facts->date_taken, "%04d-%02d-%02d %02d:%02d:%02d", year, month, day, hour,
                 minute, second);
        return;
    }
    const char *utc = tag(format->metadata, "creation_time");
    if (!utc || sscanf(utc, "%4d-%2d-%2d%*[T ]%2d:%2d:%2d", &year, &month, &day, &hour, &minute, &second) != 6) return;
    // Muxers write the epoch (1904 or 1970) where nobody set a time: that is no date.
    if (year < 1990) return;
    struct tm moment = {.tm_year = year - 1900, .tm_mon = month - 1, .tm_mday = day, .tm_hour = hour, .tm_min = minute,
                        .tm_sec = second};
    time_t when = timegm(&moment);
    struct tm here;
    if (when == (time_t)-1 || !localtime_r(&when, &here)) return;
    strftime(facts->date_taken, sizeof facts->date_taken, "%Y-%m-%d %H:%M:%S", &here);
}

// ISO 6709, as phones write it: "+48.8577+002.2950+035.000/".
static void read_location(AVFormatContext *format, flick_video_facts *facts) {
    const char *text = tag(format->metadata, "com.apple.quicktime.location.ISO6709");
    if (!text) text = tag(format->metadata, "location");
    if (!text) return;
    char *end;
    double latitude = strtod(text, &end);
    if (end == text || (*end != '+' && *end != '-')) return;
    const char *rest = end;
    double longitude = strtod(rest, &end);
    if (end == rest || !isfinite(latitude) || !isfinite(longitude) || fabs(latitude) > 90 || fabs(longitude) > 180) return;
    facts->has_location = 1;
    facts->latitude = latitude;
    facts->longitude = longitude;
}

static void read_camera(AVFormatContext *format, flick_video_facts *facts) {
    const char *make = tag(format->metadata, "com.apple.quicktime.make");
    if (!make) make = tag(format->metadata, "com.android.manufacturer");
    if (!make) make = tag(format->metadata, "make");
    const char *model = tag(format->metadata, "com.apple.quicktime.model");
    if (!model) model = tag(format->metadata, "com.android.model");
    if (!model) model = tag(format->metadata, "model");
    copy_text(facts->make, sizeof facts->make, make);
    copy_text(facts->model, sizeof facts->model, model);
    copy_text(facts->content_identifier, sizeof facts->content_identifier,
              tag(format->metadata, "com.apple.quicktime.content.identifier"));
}

static int quarter_turns(AVStream *stream) {
    size_t size = 0;
    const uint8_t *matrix = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size);
    if (!matrix || size < 9 * sizeof(int32_t)) return 0;
    double angle = av_display_rotation_get((const int32_t *)matrix);
    if (!isfinite(angle)) return 0;
    // FFmpeg's angle is anticlockwise; a quarter turn clockwise is -90.
    long turns = lround(-angle / 90.0);
    return (int)(((turns % 4) + 4) % 4);
}

// The track to show: the largest picture that is not a cover image.
static int picture_stream(AVFormatContext *format) {
    int best = -1;
    int64_t best_area = -1;
    for (unsigned i = 0; i < format->nb_streams; i++) {
        AVStream *stream = format->streams[i];
        if (stream->codecpar->codec_type != AVMEDIA_TYPE_VIDEO || (stream->disposition & AV_DISPOSITION_ATTACHED_PIC)) continue;
        int64_t area = (int64_t)stream->codecpar->width * stream->codecpar->height;
        if (area > best_area) { best = (int)i; best_area = area; }
    }
    return best;
}

flick_video *flick_video_open(int fd, int64_t offset, int64_t size, int64_t maximum_pixels, flick_video_facts *facts,
                              flick_video_status *status, char *error, size_t error_size) {
    memset(facts, 0, sizeof *facts);
    *status = FLICK_VIDEO_UNREADABLE;
    const char *problem = flick_video_library_problem();
    if (problem) { say(error, error_size, problem); return NULL; }
    if (size <= 0) { say(error, error_size, "the file is empty"); return NULL; }

    flick_video *video = calloc(1, sizeof *video);
    if (!video) { say(error, error_size, "out of memory"); return NULL; }
    video->fd = fd;
    video->offset = offset < 0 ? 0 : offset;
    video->size = size;
    video->stream = -1;
    video->maximum_pixels = maximum_pixels;
    unsigned char *buffer = av_malloc(reader_buffer_size);
    video->io = buffer ? avio_alloc_context(buffer, reader_buffer_size, 0, video, read_bytes, NULL, seek_bytes) : NULL;
    video->format = avformat_alloc_context();
    if (!video->io || !video->format) {
        if (!video->io) av_free(buffer);
        say(error, error_size, "out of memory");
        flick_video_close(video);
        return NULL;
    }
    video->format->pb = video->io;
    video->format->flags |= AVFMT_FLAG_CUSTOM_IO;
    video->format->max_streams = maximum_streams;
    video->format->format_whitelist = av_strdup(demuxers);
    // No other file is ever opened on the video's behalf (a reference movie's, a playlist's).
    video->format->protocol_whitelist = av_strdup("none");
    int code = avformat_open_input(&video->format, NULL, NULL, NULL);
    if (code < 0) {
        // avformat_open_input frees the context it fails with; the reader is Flick's.
        video->format = NULL;
        // More tracks than allowed shows as memory refused.
        if (code == AVERROR(ENOMEM)) say(error, error_size, "it declares more tracks or memory than a video has");
        else say_av(error, error_size, "not a video Flick can read", code);
        flick_video_close(video);
        return NULL;
    }
    if (video->format->nb_streams == 0 || picture_stream(video->format) < 0 ||
        video->format->streams[picture_stream(video->format)]->codecpar->width <= 0) {
        // MPEG transport streams say their pictures' size only once a few packets are read.
        code = avformat_find_stream_info(video->format, NULL);
        if (code < 0) {
            say_av(error, error_size, "cannot read the video's tracks", code);
            flick_video_close(video);
            return NULL;
        }
    }
    video->stream = picture_stream(video->format);
    if (video->stream < 0) {
        say(error, error_size, "it holds no picture (sound only?)");
        flick_video_close(video);
        return NULL;
    }
    AVStream *stream = video->format->streams[video->stream];
    facts->width = stream->codecpar->width;
    facts->height = stream->codecpar->height;
    facts->quarter_turns = quarter_turns(stream);
    facts->high_dynamic_range = stream->codecpar->color_trc == AVCOL_TRC_SMPTE2084    ? 1
                                : stream->codecpar->color_trc == AVCOL_TRC_ARIB_STD_B67 ? 2
                                                                                      : 0;
    if (video->format->duration != AV_NOPTS_VALUE && video->format->duration > 0) {
        facts->duration = (double)video->format->duration / AV_TIME_BASE;
    } else if (stream->duration != AV_NOPTS_VALUE && stream->duration > 0) {
        facts->duration = (double)stream->duration * av_q2d(stream->time_base);
    }
    for (unsigned i = 0; i < video->format->nb_streams; i++) {
        if (video->format->streams[i]->codecpar->codec_type == AVMEDIA_TYPE_AUDIO) facts->has_sound = 1;
    }
    read_date(video->format, facts);
    read_location(video->format, facts);
    read_camera(video->format, facts);
    if (facts->width <= 0 || facts->height <= 0 || facts->width > 65535 || facts->height > 65535 ||
        (int64_t)facts->width * facts->height > maximum_pixels) {
        *status = facts->width > 0 && facts->height > 0 ? FLICK_VIDEO_TOO_LARGE : FLICK_VIDEO_UNREADABLE;
        say(error, error_size, facts->width > 0 ? "its picture is too large" : "its picture has no size");
        flick_video_close(video);
        return NULL;
    }
    *status = FLICK_VIDEO_OK;
    return video;
}

// The codecs Flick decodes: what cameras and phones record, and what the web's videos are.
static int is_allowed(enum AVCodecID codec) {
    switch (codec) {
    case AV_CODEC_ID_H264: case AV_CODEC_ID_HEVC: case AV_CODEC_ID_VP8: case AV_CODEC_ID_VP9: case AV_CODEC_ID_AV1:
    case AV_CODEC_ID_MPEG1VIDEO: case AV_CODEC_ID_MPEG2VIDEO: case AV_CODEC_ID_MPEG4: case AV_CODEC_ID_H263:
    case AV_CODEC_ID_MJPEG: case AV_CODEC_ID_PRORES: case AV_CODEC_ID_MSMPEG4V3: case AV_CODEC_ID_THEORA:
        return 1;
    default:
        return 0;
    }
}

static int scaled(int side, int other, int maximum_side) {
    if (maximum_side <= 0) return side;
    int longest = side > other ? side : other;
    if (longest <= maximum_side) return side;
    int result = (int)((int64_t)side * maximum_side / longest);
    return result > 0 ? result : 1;
}

// Diffuse white of an HDR picture, in nits (ITU-R BT.2408): shown as an SDR screen's white.
static const double hdr_white = 203;

// A wide-gamut HDR picture (PQ or HLG, BT.2020) as an SDR screen shows it: its light decoded
// (BT.2408's white as white), BT.2020's primaries turned into BT.709's, highlights above
// three quarters rolled off rather than clipped, encoded for a gamma-2.4 display. `source`
// is 16-bit B, G, R, A; `target` 8-bit.
static void tone_map(const uint8_t *source, size_t source_stride, uint8_t *target, size_t target_stride, int width, int height,
                     int hlg) {
    // The call's own tables (20 KB of stack): PQ's and HLG's differ, and shared ones were
    // rebuilt under another thread's feet when two posters were made at once.
    float light[4096];
    uint8_t shade[4096];
    for (int i = 0; i < 4096; i++) {
        double v = i / 4095.0, nits;
        if (hlg) {
            double a = 0.17883277, b = 0.28466892, c = 0.55991073;
            double scene = v <= 0.5 ? v * v / 3 : (exp((v - c) / a) + b) / 12;
            nits = 1000 * pow(scene, 1.2);
        } else {
            double m1 = 2610.0 / 16384, m2 = 2523.0 / 4096 * 128, c1 = 3424.0 / 4096, c2 = 2413.0 / 4096 * 32, c3 = 2392.0 / 4096 * 32;
            double p = pow(v, 1 / m2);
            nits = 10000 * pow(fmax(p - c1, 0) / (c2 - c3 * p), 1 / m1);
        }
        light[i] = (float)(nits / hdr_white);
        shade[i] = (uint8_t)lround(255 * pow(v, 1 / 2.4));
    }
    const float knee = 0.75f;
    for (int y = 0; y < height; y++) {
        const uint16_t *in = (const uint16_t *)(source + (size_t)y * source_stride);
        uint8_t *out = target + (size_t)y * target_stride;
        for (int x = 0; x < width; x++, in += 4, out += 4) {
            float b = light[in[0] >> 4], g = light[in[1] >> 4], r = light[in[2] >> 4];
            float rgb[3] = {1.6605f * r - 0.5876f * g - 0.0728f * b, -0.1246f * r + 1.1329f * g - 0.0083f * b,
                            -0.0182f * r - 0.1006f * g + 1.1187f * b};
            for (int k = 0; k < 3; k++) {
                float value = fmaxf(rgb[k], 0);
                if (value > knee) value = knee + (1 - knee) * (1 - expf(-(value - knee) / (1 - knee)));
                rgb[k] = value;
            }
            out[0] = shade[(int)(rgb[2] * 4095 + 0.5f)];
            out[1] = shade[(int)(rgb[1] * 4095 + 0.5f)];
            out[2] = shade[(int)(rgb[0] * 4095 + 0.5f)];
            out[3] = 255;
        }
    }
}

static int convert(const AVFrame *frame, AVRational aspect, int maximum_side, uint8_t **bgra, int *width, int *height,
                   int *bytes_per_row, char *error, size_t error_size) {
    // PQ (HDR10, HDR10+) and HLG pictures are converted in 16 bits and tone-mapped.
    int hdr = frame->color_trc == AVCOL_TRC_SMPTE2084 ? 1 : frame->color_trc == AVCOL_TRC_ARIB_STD_B67 ? 2 : 0;
    // Pixels that are not square (DV, some MPEG-2) are drawn at their display width.
    int display_width = frame->width;
    if (aspect.num > 0 && aspect.den > 0) {
        int64_t widened = (int64_t)frame->width * aspect.num / aspect.den;
        if (widened > 0 && widened <= 65535) display_width = (int)widened;
    }
    int out_width = scaled(display_width, frame->height, maximum_side);
    int out_height = scaled(frame->height, display_width, maximum_side);
    struct SwsContext *scaler = sws_getContext(frame->width, frame->height, frame->format, out_width, out_height,
                                               hdr ? AV_PIX_FMT_BGRA64LE : AV_PIX_FMT_BGRA, SWS_BICUBIC, NULL, NULL, NULL);
    if (!scaler) { say(error, error_size, "its pictures' pixel format cannot be converted"); return -1; }
    // The matrix and range the video declares (HD is BT.709, SD BT.601); RGB out at full range.
    int colourspace = frame->colorspace == AVCOL_SPC_BT709 ? SWS_CS_ITU709
                      : frame->colorspace == AVCOL_SPC_BT2020_NCL || frame->colorspace == AVCOL_SPC_BT2020_CL ? SWS_CS_BT2020
                      : frame->colorspace == AVCOL_SPC_UNSPECIFIED && frame->height >= 720 ? SWS_CS_ITU709
                                                                                           : SWS_CS_ITU601;
    int full_range = frame->color_range == AVCOL_RANGE_JPEG || frame->format == AV_PIX_FMT_YUVJ420P ||
                     frame->format == AV_PIX_FMT_YUVJ422P || frame->format == AV_PIX_FMT_YUVJ444P;
    sws_setColorspaceDetails(scaler, sws_getCoefficients(colourspace), full_range, sws_getCoefficients(SWS_CS_DEFAULT), 1, 0,
                             1 << 16, 1 << 16);
    // swscale's vector code writes whole blocks: rows padded to 64 bytes, and slack after.
    int stride = (out_width * 4 + 63) & ~63;
    int wide_stride = (out_width * 8 + 63) & ~63;
    uint8_t *pixels = malloc((size_t)stride * (out_height + 2));
    uint8_t *wide = hdr ? malloc((size_t)wide_stride * (out_height + 2)) : NULL;
    if (!pixels || (hdr && !wide)) { free(pixels); free(wide); sws_freeContext(scaler); say(error, error_size, "out of memory"); return -1; }
    uint8_t *planes[4] = {hdr ? wide : pixels, NULL, NULL, NULL};
    int strides[4] = {hdr ? wide_stride : stride, 0, 0, 0};
    int rows = sws_scale(scaler, (const uint8_t *const *)frame->data, frame->linesize, 0, frame->height, planes, strides);
    sws_freeContext(scaler);
    if (rows != out_height) { free(pixels); free(wide); say(error, error_size, "its picture could not be converted"); return -1; }
    if (hdr) {
        tone_map(wide, (size_t)wide_stride, pixels, (size_t)stride, out_width, out_height, hdr == 2);
        free(wide);
    }
    *bgra = pixels;
    *width = out_width;
    *height = out_height;
    *bytes_per_row = stride;
    return 0;
}

// The next picture the decoder gives, reading as many packets as it needs within the budget:
// 1 with it in `frame`; 0 without, `*reached_end` set where the file ended first.
static int next_picture(flick_video *video, AVCodecContext *context, AVPacket *packet, AVFrame *frame, int *reached_end) {
    int ended = 0;
    for (int packets = 0; packets < maximum_packets;) {
        int code = avcodec_receive_frame(context, frame);
        if (code == 0) return 1;
        if (code != AVERROR(EAGAIN) || ended) return 0;
        code = av_read_frame(video->format, packet);
        if (code < 0) {
            // The end, or bytes that cannot be read: whatever the decoder holds comes out.
            *reached_end = code == AVERROR_EOF || video->position >= video->size;
            ended = 1;
            avcodec_send_packet(context, NULL);
            continue;
        }
        if (packet->stream_index == video->stream) {
            packets++;
            avcodec_send_packet(context, packet);
        }
        av_packet_unref(packet);
    }
    return 0;
}

int flick_video_poster(flick_video *video, int maximum_side, uint8_t **bgra, int *width, int *height, int *bytes_per_row,
                       flick_video_status *status, char *error, size_t error_size) {
    *status = FLICK_VIDEO_UNREADABLE;
    AVStream *stream = video->format->streams[video->stream];
    if (!is_allowed(stream->codecpar->codec_id)) {
        say(error, error_size, "its pictures are in a codec Flick does not play");
        return -1;
    }
    const AVCodec *codec = avcodec_find_decoder(stream->codecpar->codec_id);
    if (!codec) { say(error, error_size, "no decoder for its pictures"); return -1; }
    AVCodecContext *context = avcodec_alloc_context3(codec);
    AVPacket *packet = av_packet_alloc();
    AVFrame *frame = av_frame_alloc();
    int result = -1;
    if (!context || !packet || !frame) { say(error, error_size, "out of memory"); goto done; }
    int code = avcodec_parameters_to_context(context, stream->codecpar);
    if (code < 0) { say_av(error, error_size, "cannot set up its decoder", code); goto done; }
    // One thread: a helper decodes one file at a time, and its memory is bounded.
    context->thread_count = 1;
    // A poster is a key frame: the frames between are read past, not decoded.
    context->skip_frame = AVDISCARD_NONKEY;
    context->max_pixels = video->maximum_pixels;
    code = avcodec_open2(context, codec, NULL);
    if (code < 0) { say_av(error, error_size, "cannot open its decoder", code); goto done; }

    // A tenth of the way in: past a fade from black, still the moment the video is of.
    int64_t start = stream->start_time != AV_NOPTS_VALUE ? stream->start_time : 0;
    double duration = video->format->duration != AV_NOPTS_VALUE ? (double)video->format->duration / AV_TIME_BASE : 0;
    int sought = 0;
    if (duration > 1) {
        int64_t target = start + (int64_t)(duration * 0.1 / av_q2d(stream->time_base));
        sought = av_seek_frame(video->format, video->stream, target, AVSEEK_FLAG_BACKWARD) >= 0;
    }
    int reached_end = 0;
    int got = next_picture(video, context, packet, frame, &reached_end);
    if (!got && sought) {
        // No key frame after the one sought (a transport stream's only one is its first), or
        // not yet there (a file still arriving): the first picture, then.
        // A transport stream's times are found by a search that may land past its first
        // key frame: its first byte is where it starts.
        avcodec_flush_buffers(context);
        if (strcmp(video->format->iformat->name, "mpegts") == 0) {
            av_seek_frame(video->format, -1, 0, AVSEEK_FLAG_BYTE);
        } else {
            av_seek_frame(video->format, video->stream, start, AVSEEK_FLAG_BACKWARD);
        }
        reached_end = 0;
        got = next_picture(video, context, packet, frame, &reached_end);
    }
    if (got) {
        if (frame->width <= 0 || frame->height <= 0 || (int64_t)frame->width * frame->height > video->maximum_pixels) {
            *status = FLICK_VIDEO_TOO_LARGE;
            say(error, error_size, "its picture is too large");
            goto done;
        }
        AVRational aspect = frame->sample_aspect_ratio.num ? frame->sample_aspect_ratio : stream->sample_aspect_ratio;
        if (convert(frame, aspect, maximum_side, bgra, width, height, bytes_per_row, error, error_size) == 0) {
            *status = FLICK_VIDEO_OK;
            result = 0;
        }
    } else if (reached_end) {
        *status = FLICK_VIDEO_INCOMPLETE;
        say(error, error_size, "the file ends before its first picture");
    } else {
        say(error, error_size, "no picture of it could be decoded");
    }
done:
    av_frame_free(&frame);
    av_packet_free(&packet);
    avcodec_free_context(&context);
    return result;
}

void flick_video_close(flick_video *video) {
    if (!video) return;
    if (video->format) avformat_close_input(&video->format);
    if (video->io) {
        av_freep(&video->io->buffer);
        avio_context_free(&video->io);
    }
    free(video);
}

void flick_video_free(void *pointer) { free(pointer); }
