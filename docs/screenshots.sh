#!/usr/bin/env bash
# Regenerates the screenshots in docs/images/ from the running explorer, on a virtual display:
#   docs/screenshots.sh [BUILD_DIR]      (default: build/)
# Needs xvfb-run (package xvfb) and ImageMagick's import and convert (package imagemagick). Each
# shot starts the explorer on the built-in demo with the view choices given as the remembered
# settings of a throw-away home folder, waits for it to draw, and grabs the window (or a part).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$root/build}
app=$build/app/roofscope
out=$root/docs/images
[ -x "$app" ] || { echo "screenshots: no $app; build first" >&2; exit 1; }
for tool in xvfb-run import convert; do
    command -v "$tool" >/dev/null || { echo "screenshots: $tool is missing" >&2; exit 1; }
done
mkdir -p "$out"

# shot NAME SETTINGS [CROP]: SETTINGS are lines of the [view] group (colorBy=category,
# logX=false, ...); CROP, ImageMagick geometry WxH+X+Y, keeps that part of the 1400x860 screen.
shot() {
    local name=$1 settings=$2 crop=${3:-} home
    home=$(mktemp -d)
    mkdir -p "$home/.config/roofscope"
    printf '[view]\n%s\n' "$settings" >"$home/.config/roofscope/roofscope.conf"
    # A screen a little larger than the window: the explorer keeps its window within 95 % of
    # the screen, and the crops below are of a 1400x860 window.
    HOME=$home xvfb-run -a -s "-screen 0 1480x910x24" bash -c "
        '$app' & pid=\$!
        sleep \${ROOFSCOPE_SHOT_WAIT:-6}
        import -window root '$out/$name.png'
        kill \$pid"
    rm -rf "$home"
    convert "$out/$name.png" -crop "${crop:-1400x860+0+0}" +repage -strip "$out/$name.png"
    echo "screenshots: $out/$name.png"
}

shot explorer "colorBy=dataset"
shot colour-by-category "colorBy=category"
shot linear-axes "logX=false
logY=false"
# The analysis views: their options, chart and findings, without the docks (measured on the
# window: the docks' widths follow the options strip); the comparison with its table (the tab
# beside the records) under the chart.
analysis=912x468+253+48
shot md-roofline "view=md_roofline" $analysis
shot comparison "view=comparison" 912x770+253+48
# Its long options strip narrows the docks.
shot placement "view=placement" 1056x468+182+48
shot matrix "view=matrix" $analysis

# Real traces written by others (../shared/samples, when present): headless exports.
samples=$root/../shared/samples
if [ -d "$samples" ]; then
    export_shot() { # NAME ARGS...
        local name=$1
        shift
        "$app" export "$@" -o "$out/$name.png" --width 1200 --height 700 --dpi 96 >/dev/null &&
            echo "screenshots: $out/$name.png"
    }
    export_shot real-roofline-h100-owlv2 \
        "$samples/kineto_h100_google_owlv2-large-patch14-ensemble__1016001.json.gz"
    export_shot real-timeline-ws128 --view timeline --color-by bottleneck \
        --device nvidia-h100-sxm5-80gb "$samples/kineto_ws128_sampled_rank-0.json.gz" \
        "$samples/kineto_ws128_sampled_rank-1.json.gz"
    export_shot real-compare-h100-mi300x --view compare \
        "$samples/kineto_h100_facebook_timesformer-base-finetuned-k400__1016002.json.gz" \
        "$samples/kineto_mi300_facebook_timesformer-base-finetuned-k400__1016002.json.gz"
    # The window on a trace: the step timeline under the roofline (DDP's all-reduce on its own
    # stream beside the backward kernels).
    home=$(mktemp -d)
    HOME=$home xvfb-run -a -s "-screen 0 1480x910x24" bash -c "
        '$app' '$samples/kineto_a100_ddp_rank0of2_nccl.json.gz' & pid=\$!
        sleep \${ROOFSCOPE_SHOT_WAIT:-12}
        import -window root '$out/real-timeline-a100-ddp.png'
        kill \$pid"
    rm -rf "$home"
    convert "$out/real-timeline-a100-ddp.png" -crop 1000x146+210+467 +repage -strip \
        "$out/real-timeline-a100-ddp.png" && echo "screenshots: $out/real-timeline-a100-ddp.png"
    "$app" export "$samples/kineto_ws128_sampled_rank-0.json.gz" \
        "$samples/kineto_ws128_sampled_rank-1.json.gz" --device nvidia-h100-sxm5-80gb \
        --system aws-p5.48xlarge --view md -o "$out/real-md-ws128-p5.png" --width 1300 \
        --height 760 --dpi 96 >/dev/null && echo "screenshots: $out/real-md-ws128-p5.png"
fi
