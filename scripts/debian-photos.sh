#!/usr/bin/env bash
# Real pictures of things that are not pets or specimens, from Debian's own packages, for the tests
# in test/analysis/real-scenes.test.ts and real-animals.test.ts (fruit, a lawn, leaves, flowers,
# sand, sky, wood, clip art drawings, whole animals photographed outdoors, fish, tools and other
# everyday things, fallen autumn leaves, served meals, user avatars, musicians among crowds): what stool, urine, vomit, skin
# and ear analysis must refuse or find nothing in; and real pets (cats, dogs, rabbits), whole, which
# breed and emotion must name and the close-ups refuse.
# They are fetched, not committed: OpenCV's sample data (opencv-doc, BSD-3-Clause), MATE's nature
# backgrounds (mate-backgrounds, GPL-2+/CC), KDE Plasma's two autumn wallpapers, a photo of fallen
# maple leaves and a painted autumn tree (plasma-workspace-wallpapers, LGPL-3), the Open Clip Art
# Library (openclipart-png, public domain) and the Wikimedia Commons photos of GCompris's animal
# activities, its world-music activity (musicians on stages and streets) and sorting game (everyday
# things and solar panels; gcompris-qt-data, CC-BY-SA; packed in Qt resource bundles, read by
# scripts/support/qt-resources.ts, so run this after npm ci), and photos of served meals from Qt's
# examples (a recipe browser's and a list view's: qtwebengine5-examples, qtdeclarative5-examples,
# BSD-3-Clause) and Scribus's menu template (scribus-template, GPL-2+), and the pictures desktops offer
# as user avatars (cinnamon-common's 96 px photos and transparent cartoons, budgie-control-center-data's
# 512 px photos; GPL-2+): pets' faces, a cat's eye, food, flowers, balls, instruments, landscapes;
# and scikit-image's sample photos (python3-skimage: a retina through an eye camera, CC0; a stained
# tissue section through a microscope, no known restrictions; NASA's and SpaceX's astronaut, rocket
# and Hubble deep field, public domain); and the photos of Ubuntu 18.04's wallpaper contest
# (lomiri-wallpapers-16.04, CC-BY-4.0 and CC-BY-SA-4.0 per photo: two spaniels at a window, a fig
# in a red bowl, a glass of wine, a dragonfly, mountains, a sunset, lamps, a bridge, seedlings);
# and the photos of KDE's jigsaw puzzles (palapeli-data, public domain and GNU FDL per photo: citrus
# slices, a panther chameleon on a branch, a honey bee, a castle, a bridge); and photos of real cats
# and dogs that software packages ship as samples (pets/: darknet's dog by a bicycle, dlib's four dog
# faces, gdk-pixbuf's test cat on a roof in black and white, mate-user-admin's cat, pyglet's,
# pkgdown's and emayili's kittens and cats, GNOME Taquin's five cats' faces filling the frame (Wikimedia
# Commons photos, CC-BY-SA-3.0 and public domain), GIMP's script-fu photo of a white kitten on a rug in
# black and white (gimp-data); each under its package's licence); and photos from
# software manuals (manual/): GIMP's (gimp-help-en, GNU FDL), a red metal robot standing on a lawn and
# its layer-mode examples, a many-coloured disc set on a lawn; luma.led-matrix's (luma.led-matrix-doc,
# MIT), a red LED matrix on a circuit board; Hugin's (hugin-data, GPL-2+), a church nave, a fisheye
# view of a courtyard and a carved panel; Psychtoolbox's demos' blurred town street
# (psychtoolbox-3-common, Expat); and Psychtoolbox's six photos of pet rabbits (rabbits/), in a
# basket, in hutches, on a cage, in a toy car, in leaves.
# Usage: scripts/debian-photos.sh [folder] (default .cache/debian-photos).
set -euo pipefail
out="${1:-.cache/debian-photos}"
opencv=(fruits.jpg apple.jpg orange.jpg)
nature=(Aqua.jpg Dune.jpg FreshFlower.jpg Garden.jpg GreenMeadow.jpg LadyBird.jpg RainDrops.jpg Storm.jpg
  TwoWings.jpg Wood.jpg YellowFlower.jpg)
# 30 drawings: every fifteenth of each folder's (sorted, 8–400 KB), up to eight a folder.
drawings=(animals/2_dead_frogs_lumen_desig_01.png animals/birds/cigno_di_spalle_architet_01.png
  animals/birds/jonathon_s_duck_01.png animals/birds/tacchino_architetto_fran_01.png
  animals/bugs/caterpillar_david_wislon_01.png animals/bugs/grass_hopper_02.png
  animals/bugs/quattro_farfalle_archite_01.png animals/dinosaurs/dino_architetto_francesc_04.png
  food/apple_bitten_dan_gerhard_01.png food/beverages/coffe_tea_01.png food/beverages/milk_carton_jarno_vasama_.png
  food/breads_and_carbs/bread.png food/breads_and_carbs/pancakes_ganson.png food/desserts/cone2_bw_ganson.png
  food/desserts/crazy_cookie_dave_pena_01.png food/desserts/muffin_jean_victor_balin_.png logos/bpoe_tom_hung_.png
  plants/acorn_jonathan_dietrich_01.png plants/flowers/daisy_jonathan_dietrich_01.png
  plants/flowers/magnolia_white_patricia__01.png plants/reed_gmv_.png plants/trees/tree_01.png
  people/3_faces_lumen_design_stu_01.png people/bad_guy_fr_1_01.png people/bodypart/left_hand_print_benji_pa_01.png
  people/card_figure_joker_nic_r.png people/clothing/hats/magic_hat_and_wand_nath_r.png
  people/clothing/tennis_shoe_jarno_vasama_.png people/fata_fatina_architetto_f_01.png people/head11.png)
# GCompris's activities whose pictures are photos of whole animals (57 in 3.1).
animals=(erase explore_farm_animals explore_world_animals)
# …and, from its sorting game, its photos of fish and of everyday things (82 in 3.1): tools, a
# scale, balls, a cup, a plate, a pillow; its solar panels and cookers apart (8, in solar/); not
# its monuments, dams and windmills.
things='fish|hammer|screwDriver|plier|scissors|measuringTape|multimeter|wrench|tweezer|sideCutter|nailCutter|sickle'
things+='|knife|cuttingTool|weighingMachine|spray|baseball|volleyball|cup|bucket|pan|spoons|erasers|pencil|bulb|pillow'
things+='|plate|chair|buffetset'
# scikit-image's sample photos in colour that are not in shared/photos (its cat and its coffee are).
science=(retina.jpg ihc.png hubble_deep_field.jpg rocket.jpg astronaut.png)
# KDE's autumn wallpapers, at their smallest size (800 × 600).
autumn=(FallenLeaf Autumn)
# Ubuntu 18.04's contest photos, every one the package holds (all under 2 MB).
wallpapers=(Bridge_by_Sander_Klootwijk Dragonfly_by_Bolly Picture_0B_by_freespace Picture_1A_by_freespace Wine_by_Jakkub_Mede
  aitzgorri_by_Aitzol_Berasategi analogpattern_by_Peter_Nerlich free_by_Peter_Nerlich friends_by_Aitzol_Berasategi
  greentock_by_Peter_Nerlich life_by_Aitzol_Berasategi picosdeeuropa_by_Aitzol_Berasategi seeding_by_Clements_Engelhardt
  sunset_by_Aitzol_Berasategi umang_by_Abhishek_Mudgal)
# KDE Palapeli's puzzle photos, every one the package holds.
puzzles=(castle-maintenon cincinnati-bridge citrus-fruits european-honey-bee panther-chameleon-female)
# GIMP's manual's layer-mode examples: the robot (normal, and dissolved into the lawn) and three discs.
manual=(legacy-layer-mode-normal-100 legacy-layer-mode-dissolve-100 default-layer-mode-normal-50
  default-layer-mode-difference default-layer-mode-subtract)
# Real pets' photos, by their path in their package and the name they are saved under.
pkgdown=usr/share/doc/r-cran-pkgdown/tests/testthat/assets/man-figures
declare -A pets=(
  [darknet-dog.jpg]=usr/share/darknet/data/dog.jpg
  [dlib-dogs.jpg]=usr/share/doc/libdlib19.1/examples/faces/dogs.jpg
  [gdkpixbuf-cat.jpg]=usr/libexec/installed-tests/gdk-pixbuf/test-images/reftests/cat.jpg
  [mate-cat.jpg]=usr/share/mate-user-admin/face/cat.jpg
  [pyglet-kitten.jpg]=usr/share/doc/python3-pyglet/examples/programming_guide/kitten.jpg
  [pkgdown-kitten.jpg]=$pkgdown/man/figures/kitten.jpg
  [pkgdown-another-kitten.jpg]=$pkgdown/vignettes/another-kitten.jpg
  [emayili-cats.jpg]=usr/lib/R/site-library/emayili/cats.jpg
  [taquin-cat-face-day.jpg]=usr/share/gnome-taquin/themes/cats/1-Cat_face_day.jpg
  [taquin-jasmina.jpg]=usr/share/gnome-taquin/themes/cats/1-Jasmina.jpg
  [taquin-maine.jpg]=usr/share/gnome-taquin/themes/cats/1-maine.jpg
  [taquin-march.jpg]=usr/share/gnome-taquin/themes/cats/1-march.jpg
  [taquin-tortoiseshell.jpg]=usr/share/gnome-taquin/themes/cats/1-Tortoiseshell.jpg
  [gimp-kitten-bw.jpg]=usr/share/gimp/2.0/scripts/images/beavis.jpg
)
# Photos of meals, by their path in their package (not the list view's lemonade, a drawing). Qt's
# examples lie under the machine's architecture (usr/lib/x86_64-linux-gnu on amd64): a pattern,
# matched once the packages are unpacked.
qt5='usr/lib/*-linux-gnu/qt5/examples'
meals=("$qt5"/webengine/recipebrowser/resources/pages/images/{burger,cupcakes,pasta,pizza,skewers,soup,steak}.jpg
  "$qt5"/quick/views/listview/content/pics/{fruit-salad,hamburger,pancakes,vegetable-soup}.jpg
  usr/share/scribus/templates/menu2/pizza.jpg)
if [ -f "$out/food/orange.jpg" ] && [ -f "$out/nature/YellowFlower.jpg" ] && [ -f "$out/drawings/people_head11.png" ] &&
  [ -f "$out/animals/explore_world_animals-koala.webp" ] && [ -f "$out/things/categorization-wrench1.webp" ] &&
  [ -f "$out/autumn/FallenLeaf.jpg" ] && [ -f "$out/meals/scribus-menu2-pizza.jpg" ] &&
  [ -f "$out/avatars/budgie-cat.jpg" ] && [ -f "$out/music/explore_world_music-japan.webp" ] &&
  [ -f "$out/science/retina.jpg" ] && [ -f "$out/solar/categorization-solar1.webp" ] &&
  [ -f "$out/wallpapers/friends_by_Aitzol_Berasategi.jpg" ] && [ -f "$out/puzzles/citrus-fruits.jpg" ] &&
  [ -f "$out/pets/gdkpixbuf-cat.jpg" ] && [ -f "$out/pets/taquin-march.jpg" ] && [ -f "$out/pets/gimp-kitten-bw.jpg" ] && [ -f "$out/manual/led-matrix.jpg" ] &&
  [ -f "$out/rabbits/psychtoolbox-stim6.jpg" ] && [ -f "$out/manual/psychtoolbox-town-blur.jpg" ]; then
  exit 0
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# apt-get download needs the package lists; refresh them once when a download fails.
packages=(opencv-doc mate-backgrounds openclipart-png gcompris-qt-data plasma-workspace-wallpapers qtwebengine5-examples
  qtdeclarative5-examples scribus-template cinnamon-common budgie-control-center-data python3-skimage lomiri-wallpapers-16.04
  palapeli-data darknet libdlib19.1 gdk-pixbuf-tests mate-user-admin python3-pyglet r-cran-pkgdown r-cran-emayili
  gimp-help-en luma.led-matrix-doc psychtoolbox-3-common hugin-data gnome-taquin gimp-data)
(cd "$work" && { apt-get download -qq "${packages[@]}" 2>/dev/null ||
  { apt-get update -qq && apt-get download -qq "${packages[@]}"; }; })
for deb in "$work"/*.deb; do dpkg-deb -x "$deb" "$work/root"; done
mkdir -p "$out/food" "$out/nature" "$out/drawings" "$out/animals" "$out/things" "$out/autumn" "$out/meals" "$out/avatars" \
  "$out/music" "$out/science" "$out/solar" "$out/wallpapers" "$out/puzzles" "$out/pets" "$out/manual" "$out/rabbits"
for name in "${opencv[@]}"; do cp "$work/root/usr/share/doc/opencv-doc/examples/data/$name" "$out/food/"; done
for name in "${nature[@]}"; do cp "$work/root/usr/share/backgrounds/mate/nature/$name" "$out/nature/"; done
for name in "${science[@]}"; do cp "$work/root/usr/lib/python3/dist-packages/skimage/data/$name" "$out/science/"; done
for name in "${wallpapers[@]}"; do cp "$work/root/usr/share/backgrounds/$name.jpg" "$out/wallpapers/"; done
for name in "${!pets[@]}"; do cp "$work/root/${pets[$name]}" "$out/pets/$name"; done
for name in "${puzzles[@]}"; do cp "$work/root/usr/share/palapeli/collection/$name.jpg" "$out/puzzles/"; done
for name in "${manual[@]}"; do cp "$work/root/usr/share/gimp/2.0/help/en/images/using/$name.jpg" "$out/manual/"; done
cp "$work/root/usr/share/doc/luma.led-matrix-doc/html/_images/IMG_2810.JPG" "$out/manual/led-matrix.jpg"
hugin="$work/root/usr/share/hugin/xrc/data/help_en_EN"
cp "$hugin/250px-TKS-Mmm-obliquev120-recti.png" "$out/manual/hugin-church-nave.png"
cp "$hugin/Vertical-fisheye.jpg" "$out/manual/hugin-fisheye-courtyard.jpg"
cp "$hugin/Bubble-distortion.jpg" "$out/manual/hugin-carved-panel.jpg"
cp "$work/root/usr/share/psychtoolbox-3/PsychHardware/EyelinkToolbox/EyelinkDemos/SR-ResearchDemo/town_blur.jpg" \
  "$out/manual/psychtoolbox-town-blur.jpg"
for n in 1 2 3 4 5 6; do
  cp "$work/root/usr/share/psychtoolbox-3/PsychDemos/PsychExampleExperiments/OldNewRecognition/stims/stim$n.jpg" \
    "$out/rabbits/psychtoolbox-stim$n.jpg"
done
for name in "${autumn[@]}"; do cp "$work/root/usr/share/wallpapers/$name/contents/images/800x600.jpg" "$out/autumn/$name.jpg"; done
# Named by their package's folder, so that the two pizzas keep apart: recipebrowser-pizza.jpg, scribus-menu2-pizza.jpg.
for path in "${meals[@]}"; do
  case "$path" in
    *recipebrowser*) name="recipebrowser-$(basename "$path")" ;;
    *listview*) name="listview-$(basename "$path")" ;;
    *) name="scribus-menu2-$(basename "$path")" ;;
  esac
  # shellcheck disable=SC2206 # the path is a pattern (qt5 above)
  unpacked=("$work"/root/$path)
  cp "${unpacked[0]}" "$out/meals/$name"
done
# Avatars, named by their package (cinnamon-5_kitten.jpg, budgie-cat.jpg): Cinnamon's and Budgie's,
# its legacy ones too (links point there), but for those that are byte for byte Cinnamon's.
copy_avatars() {
  find "$work/root/$1" -maxdepth 1 -type f \( -name '*.jpg' -o -name '*.png' \) -printf '%f\n' |
    while read -r name; do cp "$work/root/$1/$name" "$out/avatars/$2-$name"; done
}
copy_avatars usr/share/cinnamon/faces cinnamon
copy_avatars usr/share/pixmaps/budgie-faces budgie
copy_avatars usr/share/pixmaps/budgie-faces/legacy budgie
declare -A cinnamons
for file in "$out"/avatars/cinnamon-*; do cinnamons[$(md5sum <"$file")]=1; done
for file in "$out"/avatars/budgie-*; do if [ -n "${cinnamons[$(md5sum <"$file")]:-}" ]; then rm "$file"; fi; done
for name in "${drawings[@]}"; do cp "$work/root/usr/share/openclipart/png/$name" "$out/drawings/${name//\//_}"; done
for name in "${animals[@]}"; do
  npx tsx "$(dirname "$0")/support/qt-resources.ts" "$work/root/usr/share/gcompris-qt/rcc/$name.rcc" "$out/animals" \
    "gcompris/src/activities/$name/resource" .webp
done
npx tsx "$(dirname "$0")/support/qt-resources.ts" "$work/root/usr/share/gcompris-qt/rcc/explore_world_music.rcc" "$out/music" \
  gcompris/src/activities/explore_world_music/resource .webp
npx tsx "$(dirname "$0")/support/qt-resources.ts" "$work/root/usr/share/gcompris-qt/rcc/categorization.rcc" "$work/sorted" \
  gcompris/src/activities/categorization/resource .webp
for photo in "$work"/sorted/*.webp; do
  if [[ "$(basename "$photo" .webp)" =~ ^categorization-($things)[0-9]*$ ]]; then cp "$photo" "$out/things/"; fi
  if [[ "$(basename "$photo" .webp)" =~ ^categorization-solar[0-9]+$ ]]; then cp "$photo" "$out/solar/"; fi
done
echo "$(find "$out" -type f | wc -l) photos in $out"
