#!/usr/bin/env bash
# Makes the text samples the OCR, find-text and read tests and benches use. Called by make-samples.sh; safe to run
# on its own. Rendered with ffmpeg's drawtext (DejaVu Sans from fonts-dejavu-core, Noto Sans CJK SC from
# fonts-noto-cjk) or arranged from real photographed pages. Nothing here is committed; everything lands in
# $BEACON_SAMPLES (default ~/.cache/beacon/samples). Each file is made only when missing, so a second run is instant.
#
#   sign-en.png, sign-ru.png, sign-zh.png  800x330 labels, black on white, one line of text per row (below)
#   sign-el.png, sign-he.png, sign-ar.png  the same in Greek, Hebrew and Arabic, scripts Beacon cannot read yet
#                   (DejaVu Sans has their glyphs; ffmpeg's drawtext lays out right-to-left text with FriBidi). The
#                   Greek is mixed-case real words, not capitals that could pass for Latin ones (ΑΒΕΗΙΚΜΝΟΡΤΥΧ).
#   sign-en-el.png  English and Greek lines taking turns: a page only part of which Beacon can read
#   text-pan.mp4    640x480, 6 s, 15 fps: a camera panning right across a wall of signs. The target is EXIT (white on
#                   green); the distractors are words one or two letters from it: EXIST (also white on green),
#                   NEXT, EDIT, TEXT, EXTRA. EXIT starts right of centre (x≈480 of 640 at 0 s), passes the
#                   centre at about 2.7 s and ends left of it (x≈120 at 6 s).
#   open-book.png   1280x420: two real photographed pages with a dark gutter, the right one under the frame's centre
#   page-1080p.png  1920x1080: the photographed page scaled up, for timing a whole 1080p page
#   columns-2.png, columns-3.png  magazine pages, 1000x480 and 1280x400: a heading across the page, then prose in two
#                   or three justified columns, laid out by Pango (pango-view from pango1.0-tools: real line breaking
#                   and justification in DejaVu Serif). Each column's text is in Tests/Data/columns/, one file a column,
#                   so tests know what each column says. columns-3-tilted.png: the three columns turned by 4° on a
#                   grey table, as a hand-held camera frames them.
#   magazine-1.png, magazine-2.png, magazine-3.png  magazine pages, 1280 wide, laid out from blocks of text in
#                   Tests/Data/columns/magazine-N.txt (the page's text in printed order) with pictures drawn by
#                   ffmpeg (a landscape: nothing a recogniser could read), a captioned picture inside a column or
#                   across two, a boxed pull quote, a crosshead, columns of unequal height, a footer or a page number
#                   (render_magazine, below). magazine-1-tilted.png: the first turned by 3° on a grey table.
#   page-focus-1080p.mp4  3 s at 15 fps of page-1080p.png, blurred for its first second as a camera finding focus:
#                   for timing the sharpness measure and watching the frame selector (beacon bench frames)
#
# The open book: Debian's opencv-doc has no second readable photograph of print (text_defocus.jpg and text_motion.jpg
# are blurred on purpose, imageTextN/R.png are rendered), so both pages come from the one real photo
# ../shared/testdata/images/page.png (scikit-image, CC0): the left page is its heading and five prose lines (6 lines),
# the right page the whole photo (the same 6 lines plus the code line "markers = np.zeros_like(coins)"), at different
# sizes. Tests tell the pages apart by position and by that code line.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out=${BEACON_SAMPLES:-${XDG_CACHE_HOME:-$HOME/.cache}/beacon/samples}
mkdir -p "$out"

latin_font=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
latin_bold=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
cjk_font=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
for font in "$latin_font" "$latin_bold" "$cjk_font"; do
  [ -s "$font" ] || { echo "text samples: $font is missing: install fonts-dejavu-core and fonts-noto-cjk" >&2; exit 1; }
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# drawtext reads each line from a file, so no character of the text needs escaping for the filter graph.
# Arguments: output, font selector (fontfile=… or font=…), then the lines.
render_label() {
  local target=$1 font=$2; shift 2
  local filters="" y=30 index=0
  for line in "$@"; do
    printf '%s' "$line" > "$tmp/line$index.txt"
    filters+="${filters:+,}drawtext=$font:textfile=$tmp/line$index.txt:expansion=none:fontsize=40:fontcolor=black:x=40:y=$y"
    y=$((y + 72)); index=$((index + 1))
  done
  ffmpeg -v error -y -f lavfi -i "color=c=white:s=800x330:d=1" -vf "$filters" -frames:v 1 "$target"
}

[ -s "$out/sign-en.png" ] || render_label "$out/sign-en.png" "fontfile=$latin_font" \
  "EXIT" "Pharmacy open 9:00 - 18:00" "Best before 15 MAR 2026" "Platform 4 to Central Station"
[ -s "$out/sign-ru.png" ] || render_label "$out/sign-ru.png" "fontfile=$latin_font" \
  "Молоко 3,2% жирности" "Годен до 15.03.2026" "Хранить при температуре" "от +2 до +6 °C"
[ -s "$out/sign-el.png" ] || render_label "$out/sign-el.png" "fontfile=$latin_font" \
  "Καλημέρα σας" "Έξοδος κινδύνου" "Φαρμακείο ανοιχτό" "Λήξη 15.03.2026"
[ -s "$out/sign-he.png" ] || render_label "$out/sign-he.png" "fontfile=$latin_font" \
  "שלום" "יציאת חירום" "בית מרקחת" "אסור לעשן"
[ -s "$out/sign-ar.png" ] || render_label "$out/sign-ar.png" "fontfile=$latin_font" \
  "مخرج الطوارئ" "صيدلية" "ممنوع التدخين" "مرحبا"
[ -s "$out/sign-en-el.png" ] || render_label "$out/sign-en-el.png" "fontfile=$latin_font" \
  "Emergency exit" "Έξοδος κινδύνου" "Pharmacy open" "Φαρμακείο ανοιχτό"
# font= goes through fontconfig, which picks the Simplified Chinese face inside the .ttc (fontfile= would take its
# first face, the Japanese one, whose glyph shapes differ for some characters).
[ -s "$out/sign-zh.png" ] || render_label "$out/sign-zh.png" "font=Noto Sans CJK SC" \
  "出口" "请勿吸烟" "保质期至二零二六年三月" "牛奶 一升"

# The wall: 1600x480, grey, with sign plates. Each entry: word, plate colour, text colour, plate x, y, font size.
if [ ! -s "$out/text-pan.mp4" ]; then
  filters="" index=0
  while read -r word plate ink x y size; do
    printf '%s' "$word" > "$tmp/sign$index.txt"
    width=$(( ${#word} * size * 3 / 4 + 40 )) height=$(( size + 36 ))
    filters+="${filters:+,}drawbox=x=$x:y=$y:w=$width:h=$height:color=$plate:t=fill"
    filters+=",drawtext=fontfile=$latin_bold:textfile=$tmp/sign$index.txt:expansion=none:fontsize=$size:fontcolor=$ink"
    filters+=":x=$x+($width-text_w)/2:y=$y+($height-text_h)/2"
    index=$((index + 1))
  done <<'SIGNS'
EDIT 0xf0f0e8 0x202020 360 120 44
NEXT 0xf5d742 0x202020 640 300 44
EXIST 0x1f7a3a 0xffffff 780 90 44
EXIT 0x1f7a3a 0xffffff 950 200 48
TEXT 0xf0f0e8 0x202020 1150 330 44
EXTRA 0xf0f0e8 0x202020 1230 110 44
PHARMACY 0x2a5db0 0xffffff 700 395 40
PHARMA 0xf0f0e8 0x202020 1290 240 40
SIGNS
  ffmpeg -v error -y -f lavfi -i "color=c=0x8a8a84:s=1600x480:d=1" -vf "$filters" -frames:v 1 "$tmp/wall.png"
  # The camera's left edge moves from x=520 to x=880 over 6 s: EXIT's centre (x≈1042 on the wall) goes from 522 to
  # 162 in the picture; PHARMACY's (x≈840) from 320 to −40. PHARMA is PHARMACY's look-alike, seen late at the right.
  ffmpeg -v error -y -loop 1 -framerate 15 -i "$tmp/wall.png" \
    -vf "crop=640:480:x='520+60*t':y=0,format=yuv420p" -t 6 -r 15 -c:v libx264 -pix_fmt yuv420p "$out/text-pan.mp4"
fi

# Magazine pages: Pango lays out each column (and the heading) as its own picture; ffmpeg places them on the page.
# Arguments: output, page size, column width, gutter, heading, then the column text files.
render_columns() {
  local target=$1 size=$2 width=$3 gutter=$4 heading=$5; shift 5
  pango-view -q --pixels --font="DejaVu Sans Bold 34" --margin=0 -o "$tmp/heading.png" -t "$heading"
  local inputs=(-i "$tmp/heading.png") graph="[0:v][1:v]overlay=x=60:y=50[p0]"
  local index=0 x=60
  for column in "$@"; do
    pango-view -q --pixels --font="DejaVu Serif 21" --width="$width" --justify --wrap=word --margin=0 \
      -o "$tmp/column$index.png" "$column"
    inputs+=(-i "$tmp/column$index.png")
    graph+=";[p$index][$((index + 2)):v]overlay=x=$x:y=140[p$((index + 1))]"
    x=$((x + width + gutter)); index=$((index + 1))
  done
  ffmpeg -v error -y -f lavfi -i "color=c=white:s=$size:d=1" "${inputs[@]}" \
    -filter_complex "$graph" -map "[p$index]" -frames:v 1 "$target"
}
columns="$here/Tests/Data/columns"
if ! command -v pango-view >/dev/null; then
  echo "text samples: pango-view is missing (apt-get install pango1.0-tools), so the column pages were not made" >&2
else
[ -s "$out/columns-2.png" ] || render_columns "$out/columns-2.png" 1000x480 420 40 "City Library News" \
  "$columns/two-1.txt" "$columns/two-2.txt"
[ -s "$out/columns-3.png" ] || render_columns "$out/columns-3.png" 1280x400 360 40 "Community Garden Report" \
  "$columns/three-1.txt" "$columns/three-2.txt" "$columns/three-3.txt"
# The same page as a hand-held photo frames it: a margin of table, turned by 4°, scaled down.
[ -s "$out/columns-3-tilted.png" ] || ffmpeg -v error -y -i "$out/columns-3.png" \
  -vf "format=rgb24,pad=iw+80:ih+80:40:40:0x505050,rotate=4*PI/180:fillcolor=0x505050,scale=1024:-2" \
  -frames:v 1 "$out/columns-3-tilted.png"

# Magazine pages, laid out as a designer would: blocks of a text file placed in columns, with drawn pictures and ruled
# boxes around them. The file holds the page's text in printed order, one block a paragraph (blocks are separated
# by blank lines), so a test knows what the page says and in which order without knowing where things stand.
# Arguments: output, page size (WxH), number of columns, text file; then the layout on standard input, one item a
# line, fields separated by "|", each item placed under what its columns already hold:
#   span|BLOCK|FONT               across every column (a headline, a standfirst); every column starts under it
#   text|COLUMNS|BLOCK|FONT       justified prose in COLUMNS (one, "2", or a range, "2-3")
#   left|COLUMNS|BLOCK|FONT       left-aligned: a caption, a crosshead, ragged prose
#   picture|COLUMNS|HEIGHT        a drawn landscape (sky, sun, hills): no text in it for a recogniser to find
#   quote|COLUMNS|BLOCK|FONT      a pull quote, centred in a ruled box
#   foot|SIDE|BLOCK|FONT          on the page's bottom margin, at the left, centre or right
render_magazine() {
  local target=$1 size=$2 count=$3 source=$4
  local page_w=${size%x*} page_h=${size#*x} margin=60 gutter=40 pad=18
  local column_w=$(( (page_w - 2 * margin - (count - 1) * gutter) / count ))
  awk -v dir="$tmp" 'BEGIN { RS = "" } { printf "%s", $0 > (dir "/block" NR ".txt") }' "$source"
  local tops=() c; for ((c = 1; c <= count; c++)); do tops[c]=50; done
  local inputs=() graph="[0:v]format=rgb24[p0]" layer=0 image=0
  # The lowest top among columns first..last, and the x and width those columns cover.
  local first last x y w
  span_of() {
    first=${1%-*} last=${1#*-}; y=0
    for ((c = first; c <= last; c++)); do (( tops[c] > y )) && y=${tops[c]}; done
    x=$(( margin + (first - 1) * (column_w + gutter) )); w=$(( (last - first + 1) * column_w + (last - first) * gutter ))
  }
  place() { # an image input at x, y
    inputs+=(-i "$1"); image=$((image + 1))
    graph+=";[p$layer][$image:v]overlay=x=$2:y=$3[p$((layer + 1))]"; layer=$((layer + 1))
  }
  height_of() { ffprobe -v error -select_streams v -show_entries stream=height -of csv=p=0 "$1"; }
  local kind a b font file h
  while IFS='|' read -r kind a b font; do
    [ -n "$kind" ] || continue
    file="$tmp/item$image.png"
    case "$kind" in
      span)
        span_of "1-$count"
        pango-view -q --pixels --font="$b" --width="$w" --wrap=word --margin=0 -o "$file" "$tmp/block$a.txt"
        h=$(height_of "$file"); place "$file" "$x" "$y"
        for ((c = 1; c <= count; c++)); do tops[c]=$((y + h + 28)); done ;;
      text|left)
        span_of "$a"
        local justify=(); [ "$kind" = text ] && justify=(--justify)
        pango-view -q --pixels --font="$font" --width="$w" "${justify[@]}" --wrap=word --margin=0 -o "$file" \
          "$tmp/block$b.txt"
        h=$(height_of "$file"); place "$file" "$x" "$y"
        for ((c = first; c <= last; c++)); do tops[c]=$((y + h + 24)); done ;;
      picture)
        span_of "$a"
        # Sky darkening upwards, a sun, a wavy green hill: geq paints each pixel from its position.
        local hill="gt(Y,0.62*H+0.08*H*sin(2*PI*X/W))" sun="lt(hypot(X-0.72*W,Y-0.3*H),0.13*H)"
        graph+=";color=c=white:s=${w}x$b:d=1,format=rgb24,geq=r='if($hill,60+40*Y/H,if($sun,250,110+90*Y/H))'"
        graph+=":g='if($hill,120+50*Y/H,if($sun,205,160+70*Y/H))':b='if($hill,50,if($sun,90,220+30*Y/H))'[pic$layer]"
        graph+=";[p$layer][pic$layer]overlay=x=$x:y=$y[p$((layer + 1))]"; layer=$((layer + 1))
        for ((c = first; c <= last; c++)); do tops[c]=$((y + b + 12)); done ;;
      quote)
        span_of "$a"
        pango-view -q --pixels --font="$font" --width="$((w - 2 * pad))" --align=center --wrap=word --margin=0 \
          -o "$file" "$tmp/block$b.txt"
        h=$(height_of "$file"); place "$file" "$((x + pad))" "$((y + pad))"
        graph+=";[p$layer]drawbox=x=$x:y=$y:w=$w:h=$((h + 2 * pad)):color=black:t=3[p$((layer + 1))]"; layer=$((layer + 1))
        for ((c = first; c <= last; c++)); do tops[c]=$((y + h + 2 * pad + 24)); done ;;
      foot)
        pango-view -q --pixels --font="$font" --margin=0 -o "$file" "$tmp/block$b.txt"
        h=$(height_of "$file")
        local foot_w; foot_w=$(ffprobe -v error -select_streams v -show_entries stream=width -of csv=p=0 "$file")
        case "$a" in
          left) x=$margin ;;
          centre) x=$(( (page_w - foot_w) / 2 )) ;;
          *) x=$((page_w - margin - foot_w)) ;;
        esac
        place "$file" "$x" "$((page_h - 40 - h))" ;;
      *) echo "text samples: unknown magazine item $kind" >&2; return 1 ;;
    esac
  done
  ffmpeg -v error -y -f lavfi -i "color=c=white:s=$size:d=1" "${inputs[@]}" \
    -filter_complex "$graph" -map "[p$layer]" -frames:v 1 "$target"
}
serif="DejaVu Serif 20"
# A headline and a standfirst across three columns of unequal height; a picture in the middle of the first with its
# caption under it, a pull quote boxed in the second, the third ending early; the paper's name and the page number
# in the foot. Printed order: headline, standfirst, the first column (text, caption, text), the second (text,
# quote, text), the third, the foot.
[ -s "$out/magazine-1.png" ] || render_magazine "$out/magazine-1.png" 1280x1060 3 "$columns/magazine-1.txt" <<LAYOUT
span|1|DejaVu Sans Bold 40
span|2|DejaVu Serif Italic 24
text|1|3|$serif
picture|1|210
left|1|4|DejaVu Sans Oblique 16
text|1|5|$serif
text|2|6|$serif
quote|2|7|DejaVu Serif Bold Italic 26
text|2|8|$serif
text|3|9|$serif
text|3|10|$serif
foot|left|11|DejaVu Sans Bold 16
foot|right|12|DejaVu Sans 16
LAYOUT
# A headline over three columns; a picture across the second and third at the top with a caption as wide, the first
# column running beside it; the second and third columns under the caption, of unequal height; a page number.
# Printed order: headline, the first column, caption, the second column, the third, the page number.
[ -s "$out/magazine-2.png" ] || render_magazine "$out/magazine-2.png" 1280x760 3 "$columns/magazine-2.txt" <<LAYOUT
span|1|DejaVu Sans Bold 40
text|1|2|$serif
text|1|3|$serif
picture|2-3|250
left|2-3|4|DejaVu Sans Oblique 16
text|2|5|$serif
text|3|6|$serif
foot|right|7|DejaVu Sans 16
LAYOUT
# Ragged-right columns: a byline under the headline, a crosshead in the first column, a picture at the top of the
# second with its caption, a pull quote boxed in the third; a page number in the middle of the foot. Printed order:
# headline, byline, the first column (text, crosshead, text), the second (caption, text), the third (text, quote,
# text), the page number.
[ -s "$out/magazine-3.png" ] || render_magazine "$out/magazine-3.png" 1280x860 3 "$columns/magazine-3.txt" <<LAYOUT
span|1|DejaVu Sans Bold 40
span|2|DejaVu Sans 18
left|1|3|$serif
left|1|4|DejaVu Sans Bold 22
left|1|5|$serif
picture|2|200
left|2|6|DejaVu Sans Oblique 16
left|2|7|$serif
left|3|8|$serif
quote|3|9|DejaVu Serif Bold Italic 24
left|3|10|$serif
foot|centre|11|DejaVu Sans 16
LAYOUT
# The first page as a hand-held camera frames it: turned by 3° on a grey table.
[ -s "$out/magazine-1-tilted.png" ] || ffmpeg -v error -y -i "$out/magazine-1.png" \
  -vf "format=rgb24,pad=iw+80:ih+80:40:40:0x505050,rotate=3*PI/180:fillcolor=0x505050,scale=1280:-2" \
  -frames:v 1 "$out/magazine-1-tilted.png"
fi

page="$here/../shared/testdata/images/page.png"
if [ -s "$page" ]; then
  if [ ! -s "$out/open-book.png" ]; then
    # Left page: the photo's top 150 rows (heading and prose) at 1.3x, tilted by 1.5°; right page: the whole photo at
    # 1.7x from x=560, so the centre (640, 210) lies on it; a dark shadow between them is the gutter.
    ffmpeg -v error -y -i "$page" -i "$page" -filter_complex "\
color=c=0x282828:s=1280x420:d=1[table];\
[0:v]format=rgb24,crop=384:150:0:0,scale=500:-2,rotate=-1.5*PI/180:fillcolor=0x282828[left];\
[1:v]format=rgb24,scale=653:-2[right];\
[table][left]overlay=x=30:y=60[a];[a][right]overlay=x=560:y=40[b];\
[b]drawbox=x=536:y=30:w=24:h=360:color=0x101010:t=fill" -frames:v 1 "$out/open-book.png"
  fi
  [ -s "$out/page-1080p.png" ] || ffmpeg -v error -y -i "$page" \
    -vf "format=rgb24,scale=1920:-2:flags=bicubic,pad=1920:1080:0:(oh-ih)/2:color=0x303030" -frames:v 1 "$out/page-1080p.png"
  [ -s "$out/page-focus-1080p.mp4" ] || ffmpeg -v error -y -loop 1 -framerate 15 -i "$out/page-1080p.png" \
    -vf "boxblur=8:1:enable='lt(t,1)',format=yuv420p" -t 3 -r 15 -c:v libx264 -pix_fmt yuv420p "$out/page-focus-1080p.mp4"
else
  echo "text samples: $page is missing, so open-book.png and page-1080p.png were not made" >&2
fi
echo "text samples: $out"
