/// ImageNet's 1,000 classes (ILSVRC 2012, in the published order the classifier's outputs follow), each named as a
/// person would say it. Where ImageNet splits one everyday thing into kinds (118 dog breeds, nine balls, four
/// phones, five bottles), every kind carries the everyday name, the "entry-level category" people use for it
/// (Ordonez et al., ICCV 2013): the guess adds up the kinds' probabilities and says "maybe a dog" instead of
/// a breed it cannot tell. The comment gives ImageNet's own name where it differs.
enum ImageNetNames {
    static let spoken: [String] = [
        "fish", // 0 tench
        "fish", // 1 goldfish
        "shark", // 2 great white shark
        "shark", // 3 tiger shark
        "shark", // 4 hammerhead
        "ray", // 5 electric ray
        "ray", // 6 stingray
        "chicken", // 7 cock
        "chicken", // 8 hen
        "bird", // 9 ostrich
        "bird", // 10 brambling
        "bird", // 11 goldfinch
        "bird", // 12 house finch
        "bird", // 13 junco
        "bird", // 14 indigo bunting
        "bird", // 15 robin
        "bird", // 16 bulbul
        "bird", // 17 jay
        "bird", // 18 magpie
        "bird", // 19 chickadee
        "bird", // 20 water ouzel
        "bird", // 21 kite
        "bird", // 22 bald eagle
        "bird", // 23 vulture
        "bird", // 24 great grey owl
        "salamander", // 25 European fire salamander
        "salamander", // 26 common newt
        "salamander", // 27 eft
        "salamander", // 28 spotted salamander
        "salamander", // 29 axolotl
        "frog", // 30 bullfrog
        "frog", // 31 tree frog
        "frog", // 32 tailed frog
        "turtle", // 33 loggerhead
        "turtle", // 34 leatherback turtle
        "turtle", // 35 mud turtle
        "turtle", // 36 terrapin
        "turtle", // 37 box turtle
        "lizard", // 38 banded gecko
        "lizard", // 39 common iguana
        "lizard", // 40 American chameleon
        "lizard", // 41 whiptail
        "lizard", // 42 agama
        "lizard", // 43 frilled lizard
        "lizard", // 44 alligator lizard
        "lizard", // 45 Gila monster
        "lizard", // 46 green lizard
        "lizard", // 47 African chameleon
        "lizard", // 48 Komodo dragon
        "crocodile", // 49 African crocodile
        "crocodile", // 50 American alligator
        "triceratops", // 51
        "snake", // 52 thunder snake
        "snake", // 53 ringneck snake
        "snake", // 54 hognose snake
        "snake", // 55 green snake
        "snake", // 56 king snake
        "snake", // 57 garter snake
        "snake", // 58 water snake
        "snake", // 59 vine snake
        "snake", // 60 night snake
        "snake", // 61 boa constrictor
        "snake", // 62 rock python
        "snake", // 63 Indian cobra
        "snake", // 64 green mamba
        "snake", // 65 sea snake
        "snake", // 66 horned viper
        "snake", // 67 diamondback
        "snake", // 68 sidewinder
        "trilobite", // 69
        "harvestman", // 70
        "scorpion", // 71
        "spider", // 72 black and gold garden spider
        "spider", // 73 barn spider
        "spider", // 74 garden spider
        "spider", // 75 black widow
        "spider", // 76 tarantula
        "spider", // 77 wolf spider
        "tick", // 78
        "centipede", // 79
        "bird", // 80 black grouse
        "bird", // 81 ptarmigan
        "bird", // 82 ruffed grouse
        "bird", // 83 prairie chicken
        "bird", // 84 peacock
        "bird", // 85 quail
        "bird", // 86 partridge
        "bird", // 87 African grey
        "bird", // 88 macaw
        "bird", // 89 sulphur-crested cockatoo
        "bird", // 90 lorikeet
        "bird", // 91 coucal
        "bird", // 92 bee eater
        "bird", // 93 hornbill
        "bird", // 94 hummingbird
        "bird", // 95 jacamar
        "bird", // 96 toucan
        "bird", // 97 drake
        "bird", // 98 red-breasted merganser
        "bird", // 99 goose
        "bird", // 100 black swan
        "elephant", // 101 tusker
        "echidna", // 102
        "platypus", // 103
        "wallaby", // 104
        "koala", // 105
        "wombat", // 106
        "jellyfish", // 107
        "sea anemone", // 108
        "brain coral", // 109
        "flatworm", // 110
        "nematode", // 111
        "conch", // 112
        "snail", // 113
        "slug", // 114
        "sea slug", // 115
        "chiton", // 116
        "chambered nautilus", // 117
        "crab", // 118 Dungeness crab
        "crab", // 119 rock crab
        "crab", // 120 fiddler crab
        "crab", // 121 king crab
        "lobster", // 122 American lobster
        "lobster", // 123 spiny lobster
        "lobster", // 124 crayfish
        "crab", // 125 hermit crab
        "isopod", // 126
        "bird", // 127 white stork
        "bird", // 128 black stork
        "bird", // 129 spoonbill
        "bird", // 130 flamingo
        "bird", // 131 little blue heron
        "bird", // 132 American egret
        "bird", // 133 bittern
        "bird", // 134 crane bird
        "bird", // 135 limpkin
        "bird", // 136 European gallinule
        "bird", // 137 American coot
        "bird", // 138 bustard
        "bird", // 139 ruddy turnstone
        "bird", // 140 red-backed sandpiper
        "bird", // 141 redshank
        "bird", // 142 dowitcher
        "bird", // 143 oystercatcher
        "bird", // 144 pelican
        "bird", // 145 king penguin
        "bird", // 146 albatross
        "whale", // 147 grey whale
        "whale", // 148 killer whale
        "dugong", // 149
        "sea lion", // 150
        "dog", // 151 Chihuahua
        "dog", // 152 Japanese spaniel
        "dog", // 153 Maltese dog
        "dog", // 154 Pekinese
        "dog", // 155 Shih-Tzu
        "dog", // 156 Blenheim spaniel
        "dog", // 157 papillon
        "dog", // 158 toy terrier
        "dog", // 159 Rhodesian ridgeback
        "dog", // 160 Afghan hound
        "dog", // 161 basset
        "dog", // 162 beagle
        "dog", // 163 bloodhound
        "dog", // 164 bluetick
        "dog", // 165 black-and-tan coonhound
        "dog", // 166 Walker hound
        "dog", // 167 English foxhound
        "dog", // 168 redbone
        "dog", // 169 borzoi
        "dog", // 170 Irish wolfhound
        "dog", // 171 Italian greyhound
        "dog", // 172 whippet
        "dog", // 173 Ibizan hound
        "dog", // 174 Norwegian elkhound
        "dog", // 175 otterhound
        "dog", // 176 Saluki
        "dog", // 177 Scottish deerhound
        "dog", // 178 Weimaraner
        "dog", // 179 Staffordshire bullterrier
        "dog", // 180 American Staffordshire terrier
        "dog", // 181 Bedlington terrier
        "dog", // 182 Border terrier
        "dog", // 183 Kerry blue terrier
        "dog", // 184 Irish terrier
        "dog", // 185 Norfolk terrier
        "dog", // 186 Norwich terrier
        "dog", // 187 Yorkshire terrier
        "dog", // 188 wire-haired fox terrier
        "dog", // 189 Lakeland terrier
        "dog", // 190 Sealyham terrier
        "dog", // 191 Airedale
        "dog", // 192 cairn
        "dog", // 193 Australian terrier
        "dog", // 194 Dandie Dinmont
        "dog", // 195 Boston bull
        "dog", // 196 miniature schnauzer
        "dog", // 197 giant schnauzer
        "dog", // 198 standard schnauzer
        "dog", // 199 Scotch terrier
        "dog", // 200 Tibetan terrier
        "dog", // 201 silky terrier
        "dog", // 202 soft-coated wheaten terrier
        "dog", // 203 West Highland white terrier
        "dog", // 204 Lhasa
        "dog", // 205 flat-coated retriever
        "dog", // 206 curly-coated retriever
        "dog", // 207 golden retriever
        "dog", // 208 Labrador retriever
        "dog", // 209 Chesapeake Bay retriever
        "dog", // 210 German short-haired pointer
        "dog", // 211 vizsla
        "dog", // 212 English setter
        "dog", // 213 Irish setter
        "dog", // 214 Gordon setter
        "dog", // 215 Brittany spaniel
        "dog", // 216 clumber
        "dog", // 217 English springer
        "dog", // 218 Welsh springer spaniel
        "dog", // 219 cocker spaniel
        "dog", // 220 Sussex spaniel
        "dog", // 221 Irish water spaniel
        "dog", // 222 kuvasz
        "dog", // 223 schipperke
        "dog", // 224 groenendael
        "dog", // 225 malinois
        "dog", // 226 briard
        "dog", // 227 kelpie
        "dog", // 228 komondor
        "dog", // 229 Old English sheepdog
        "dog", // 230 Shetland sheepdog
        "dog", // 231 collie
        "dog", // 232 Border collie
        "dog", // 233 Bouvier des Flandres
        "dog", // 234 Rottweiler
        "dog", // 235 German shepherd
        "dog", // 236 Doberman
        "dog", // 237 miniature pinscher
        "dog", // 238 Greater Swiss Mountain dog
        "dog", // 239 Bernese mountain dog
        "dog", // 240 Appenzeller
        "dog", // 241 EntleBucher
        "dog", // 242 boxer
        "dog", // 243 bull mastiff
        "dog", // 244 Tibetan mastiff
        "dog", // 245 French bulldog
        "dog", // 246 Great Dane
        "dog", // 247 Saint Bernard
        "dog", // 248 Eskimo dog
        "dog", // 249 malamute
        "dog", // 250 Siberian husky
        "dog", // 251 dalmatian
        "dog", // 252 affenpinscher
        "dog", // 253 basenji
        "dog", // 254 pug
        "dog", // 255 Leonberg
        "dog", // 256 Newfoundland
        "dog", // 257 Great Pyrenees
        "dog", // 258 Samoyed
        "dog", // 259 Pomeranian
        "dog", // 260 chow
        "dog", // 261 keeshond
        "dog", // 262 Brabancon griffon
        "dog", // 263 Pembroke
        "dog", // 264 Cardigan
        "dog", // 265 toy poodle
        "dog", // 266 miniature poodle
        "dog", // 267 standard poodle
        "dog", // 268 Mexican hairless
        "wolf", // 269 timber wolf
        "wolf", // 270 white wolf
        "wolf", // 271 red wolf
        "coyote", // 272
        "dingo", // 273
        "dhole", // 274
        "African hunting dog", // 275
        "hyena", // 276
        "fox", // 277 red fox
        "fox", // 278 kit fox
        "fox", // 279 Arctic fox
        "fox", // 280 grey fox
        "cat", // 281 tabby
        "cat", // 282 tiger cat
        "cat", // 283 Persian cat
        "cat", // 284 Siamese cat
        "cat", // 285 Egyptian cat
        "cougar", // 286
        "lynx", // 287
        "leopard", // 288
        "snow leopard", // 289
        "jaguar", // 290
        "lion", // 291
        "tiger", // 292
        "cheetah", // 293
        "bear", // 294 brown bear
        "bear", // 295 American black bear
        "bear", // 296 ice bear
        "bear", // 297 sloth bear
        "mongoose", // 298
        "meerkat", // 299
        "beetle", // 300 tiger beetle
        "beetle", // 301 ladybug
        "beetle", // 302 ground beetle
        "beetle", // 303 long-horned beetle
        "beetle", // 304 leaf beetle
        "beetle", // 305 dung beetle
        "beetle", // 306 rhinoceros beetle
        "beetle", // 307 weevil
        "fly", // 308
        "bee", // 309
        "ant", // 310
        "grasshopper", // 311
        "cricket", // 312
        "walking stick", // 313
        "cockroach", // 314
        "mantis", // 315
        "cicada", // 316
        "leafhopper", // 317
        "lacewing", // 318
        "dragonfly", // 319
        "damselfly", // 320
        "butterfly", // 321 admiral
        "butterfly", // 322 ringlet
        "butterfly", // 323 monarch
        "butterfly", // 324 cabbage butterfly
        "butterfly", // 325 sulphur butterfly
        "butterfly", // 326 lycaenid
        "starfish", // 327
        "sea urchin", // 328
        "sea cucumber", // 329
        "rabbit", // 330 wood rabbit
        "rabbit", // 331 hare
        "rabbit", // 332 Angora
        "hamster", // 333
        "porcupine", // 334
        "fox squirrel", // 335
        "marmot", // 336
        "beaver", // 337
        "guinea pig", // 338
        "horse", // 339 sorrel
        "zebra", // 340
        "pig", // 341 hog
        "pig", // 342 wild boar
        "pig", // 343 warthog
        "hippopotamus", // 344
        "cow", // 345 ox
        "cow", // 346 water buffalo
        "bison", // 347
        "sheep", // 348 ram
        "sheep", // 349 bighorn
        "ibex", // 350
        "deer", // 351 hartebeest
        "deer", // 352 impala
        "deer", // 353 gazelle
        "Arabian camel", // 354
        "llama", // 355
        "weasel", // 356
        "mink", // 357
        "polecat", // 358
        "black-footed ferret", // 359
        "otter", // 360
        "skunk", // 361
        "badger", // 362
        "armadillo", // 363
        "three-toed sloth", // 364
        "ape", // 365 orangutan
        "ape", // 366 gorilla
        "ape", // 367 chimpanzee
        "ape", // 368 gibbon
        "ape", // 369 siamang
        "monkey", // 370 guenon
        "monkey", // 371 patas
        "monkey", // 372 baboon
        "monkey", // 373 macaque
        "monkey", // 374 langur
        "monkey", // 375 colobus
        "monkey", // 376 proboscis monkey
        "monkey", // 377 marmoset
        "monkey", // 378 capuchin
        "monkey", // 379 howler monkey
        "monkey", // 380 titi
        "monkey", // 381 spider monkey
        "monkey", // 382 squirrel monkey
        "monkey", // 383 Madagascar cat
        "monkey", // 384 indri
        "elephant", // 385 Indian elephant
        "elephant", // 386 African elephant
        "lesser panda", // 387
        "giant panda", // 388
        "fish", // 389 barracouta
        "fish", // 390 eel
        "fish", // 391 coho
        "fish", // 392 rock beauty
        "fish", // 393 anemone fish
        "fish", // 394 sturgeon
        "fish", // 395 gar
        "fish", // 396 lionfish
        "fish", // 397 puffer
        "abacus", // 398
        "abaya", // 399
        "academic gown", // 400
        "accordion", // 401
        "guitar", // 402 acoustic guitar
        "boat", // 403 aircraft carrier
        "plane", // 404 airliner
        "airship", // 405
        "altar", // 406
        "ambulance", // 407
        "amphibian", // 408
        "clock", // 409 analog clock
        "apiary", // 410
        "apron", // 411
        "bin", // 412 ashcan
        "assault rifle", // 413
        "backpack", // 414
        "bakery", // 415
        "balance beam", // 416
        "balloon", // 417
        "pen", // 418 ballpoint
        "plaster", // 419 Band Aid
        "banjo", // 420
        "bannister", // 421
        "barbell", // 422
        "chair", // 423 barber chair
        "barbershop", // 424
        "barn", // 425
        "barometer", // 426
        "barrel", // 427
        "barrow", // 428
        "ball", // 429 baseball
        "ball", // 430 basketball
        "bassinet", // 431
        "bassoon", // 432
        "bathing cap", // 433
        "towel", // 434 bath towel
        "bathtub", // 435
        "car", // 436 beach wagon
        "lighthouse", // 437 beacon
        "beaker", // 438
        "bearskin", // 439
        "bottle", // 440 beer bottle
        "beer glass", // 441
        "bell tower", // 442 bell cote
        "bib", // 443
        "bicycle", // 444 bicycle-built-for-two
        "swimsuit", // 445 bikini
        "binder", // 446
        "binoculars", // 447
        "birdhouse", // 448
        "boathouse", // 449
        "bobsled", // 450
        "bolo tie", // 451
        "hat", // 452 bonnet
        "bookcase", // 453
        "bookshop", // 454
        "bottlecap", // 455
        "bow", // 456
        "bow tie", // 457
        "brass", // 458
        "brassiere", // 459
        "breakwater", // 460
        "breastplate", // 461
        "broom", // 462
        "bucket", // 463
        "buckle", // 464
        "bulletproof vest", // 465
        "train", // 466 bullet train
        "butcher shop", // 467
        "car", // 468 cab
        "caldron", // 469
        "candle", // 470
        "cannon", // 471
        "boat", // 472 canoe
        "can opener", // 473
        "cardigan", // 474
        "car mirror", // 475
        "carousel", // 476
        "carpenter's kit", // 477
        "carton", // 478
        "car wheel", // 479
        "cash machine", // 480
        "cassette", // 481
        "cassette player", // 482
        "castle", // 483
        "boat", // 484 catamaran
        "CD player", // 485
        "cello", // 486
        "phone", // 487 cellular telephone
        "chain", // 488
        "chainlink fence", // 489
        "chain mail", // 490
        "chain saw", // 491
        "chest", // 492
        "chiffonier", // 493
        "wind chime", // 494 chime
        "china cabinet", // 495
        "Christmas stocking", // 496
        "church", // 497
        "cinema", // 498
        "cleaver", // 499
        "cliff dwelling", // 500
        "cloak", // 501
        "shoe", // 502 clog
        "cocktail shaker", // 503
        "cup", // 504 coffee mug
        "coffeepot", // 505
        "coil", // 506
        "combination lock", // 507
        "keyboard", // 508 computer keyboard
        "confectionery", // 509
        "boat", // 510 container ship
        "car", // 511 convertible
        "corkscrew", // 512
        "cornet", // 513
        "shoe", // 514 cowboy boot
        "hat", // 515 cowboy hat
        "cradle", // 516
        "crane", // 517
        "helmet", // 518 crash helmet
        "crate", // 519
        "crib", // 520
        "slow cooker", // 521 Crock Pot
        "ball", // 522 croquet ball
        "crutch", // 523
        "cuirass", // 524
        "dam", // 525
        "table", // 526 desk
        "desktop computer", // 527
        "phone", // 528 dial telephone
        "diaper", // 529
        "clock", // 530 digital clock
        "watch", // 531 digital watch
        "table", // 532 dining table
        "dishcloth", // 533 dishrag
        "dishwasher", // 534
        "disk brake", // 535
        "dock", // 536
        "dogsled", // 537
        "dome", // 538
        "doormat", // 539
        "drilling platform", // 540
        "drum", // 541
        "drumstick", // 542
        "dumbbell", // 543
        "Dutch oven", // 544
        "electric fan", // 545
        "guitar", // 546 electric guitar
        "train", // 547 electric locomotive
        "entertainment center", // 548
        "envelope", // 549
        "espresso maker", // 550
        "face powder", // 551
        "feather boa", // 552
        "filing cabinet", // 553 file
        "boat", // 554 fireboat
        "fire engine", // 555
        "fire screen", // 556
        "flagpole", // 557
        "flute", // 558
        "chair", // 559 folding chair
        "helmet", // 560 football helmet
        "forklift", // 561
        "fountain", // 562
        "pen", // 563 fountain pen
        "four-poster", // 564
        "train", // 565 freight car
        "French horn", // 566
        "pan", // 567 frying pan
        "fur coat", // 568
        "truck", // 569 garbage truck
        "gasmask", // 570
        "gas pump", // 571
        "goblet", // 572
        "go-kart", // 573
        "ball", // 574 golf ball
        "golfcart", // 575
        "boat", // 576 gondola
        "gong", // 577
        "gown", // 578
        "piano", // 579 grand piano
        "greenhouse", // 580
        "grille", // 581
        "grocery store", // 582
        "guillotine", // 583
        "hair slide", // 584
        "hair spray", // 585
        "half track", // 586
        "hammer", // 587
        "hamper", // 588
        "hair dryer", // 589 hand blower
        "phone", // 590 hand-held computer
        "handkerchief", // 591
        "hard disk", // 592 hard disc
        "harmonica", // 593
        "harp", // 594
        "harvester", // 595
        "hatchet", // 596
        "holster", // 597
        "home theater", // 598
        "honeycomb", // 599
        "hook", // 600
        "hoopskirt", // 601
        "horizontal bar", // 602
        "horse cart", // 603
        "hourglass", // 604
        "iPod", // 605
        "clothes iron", // 606 iron
        "jack-o'-lantern", // 607
        "jeans", // 608 jean
        "car", // 609 jeep
        "T-shirt", // 610 jersey
        "jigsaw puzzle", // 611
        "jinrikisha", // 612
        "joystick", // 613
        "kimono", // 614
        "knee pad", // 615
        "knot", // 616
        "lab coat", // 617
        "ladle", // 618
        "lamp", // 619 lampshade
        "laptop", // 620
        "lawn mower", // 621
        "lens cap", // 622
        "letter opener", // 623
        "library", // 624
        "boat", // 625 lifeboat
        "lighter", // 626
        "car", // 627 limousine
        "boat", // 628 liner
        "lipstick", // 629
        "shoe", // 630 Loafer
        "lotion bottle", // 631 lotion
        "loudspeaker", // 632
        "magnifying glass", // 633 loupe
        "lumbermill", // 634
        "magnetic compass", // 635
        "bag", // 636 mailbag
        "mailbox", // 637
        "swimsuit", // 638 maillot
        "swimsuit", // 639 maillot tank suit
        "manhole cover", // 640
        "maraca", // 641
        "marimba", // 642
        "mask", // 643
        "matchstick", // 644
        "maypole", // 645
        "maze", // 646
        "measuring cup", // 647
        "medicine chest", // 648
        "megalith", // 649
        "microphone", // 650
        "microwave", // 651
        "military uniform", // 652
        "milk can", // 653
        "bus", // 654 minibus
        "miniskirt", // 655
        "car", // 656 minivan
        "missile", // 657
        "mitten", // 658
        "bowl", // 659 mixing bowl
        "mobile home", // 660
        "car", // 661 Model T
        "router", // 662 modem
        "monastery", // 663
        "screen", // 664 monitor
        "motorbike", // 665 moped
        "mortar", // 666
        "mortarboard", // 667
        "mosque", // 668
        "mosquito net", // 669
        "motorbike", // 670 motor scooter
        "bicycle", // 671 mountain bike
        "mountain tent", // 672
        "computer mouse", // 673 mouse
        "mousetrap", // 674
        "van", // 675 moving van
        "muzzle", // 676
        "nail", // 677
        "neck brace", // 678
        "necklace", // 679
        "baby bottle teat", // 680 nipple
        "laptop", // 681 notebook
        "obelisk", // 682
        "oboe", // 683
        "ocarina", // 684
        "odometer", // 685
        "oil filter", // 686
        "organ", // 687
        "oscilloscope", // 688
        "overskirt", // 689
        "oxcart", // 690
        "oxygen mask", // 691
        "packet", // 692
        "paddle", // 693
        "paddlewheel", // 694
        "padlock", // 695
        "paintbrush", // 696
        "pyjamas", // 697 pajama
        "palace", // 698
        "panpipe", // 699
        "towel", // 700 paper towel
        "parachute", // 701
        "parallel bars", // 702
        "park bench", // 703
        "parking meter", // 704
        "train", // 705 passenger car
        "patio", // 706
        "phone", // 707 pay-phone
        "pedestal", // 708
        "pencil box", // 709
        "pencil sharpener", // 710
        "perfume", // 711
        "Petri dish", // 712
        "photocopier", // 713
        "guitar pick", // 714 pick
        "pickelhaube", // 715
        "picket fence", // 716
        "truck", // 717 pickup
        "pier", // 718
        "piggy bank", // 719
        "bottle", // 720 pill bottle
        "pillow", // 721
        "ball", // 722 ping-pong ball
        "pinwheel", // 723
        "pirate", // 724
        "pitcher", // 725
        "wood plane", // 726 plane
        "planetarium", // 727
        "bag", // 728 plastic bag
        "plate rack", // 729
        "plow", // 730
        "plunger", // 731
        "camera", // 732 Polaroid camera
        "pole", // 733
        "van", // 734 police van
        "poncho", // 735
        "pool table", // 736
        "bottle", // 737 pop bottle
        "flowerpot", // 738 pot
        "potter's wheel", // 739
        "power drill", // 740
        "prayer rug", // 741
        "printer", // 742
        "prison", // 743
        "projectile", // 744
        "projector", // 745
        "puck", // 746
        "punching bag", // 747
        "bag", // 748 purse
        "pen", // 749 quill
        "quilt", // 750
        "car", // 751 racer
        "racket", // 752
        "radiator", // 753
        "radio", // 754
        "radio telescope", // 755
        "rain barrel", // 756
        "recreational vehicle", // 757
        "reel", // 758
        "camera", // 759 reflex camera
        "refrigerator", // 760
        "remote control", // 761
        "restaurant", // 762
        "revolver", // 763
        "rifle", // 764
        "chair", // 765 rocking chair
        "rotisserie", // 766
        "rubber eraser", // 767
        "ball", // 768 rugby ball
        "ruler", // 769 rule
        "shoe", // 770 running shoe
        "safe", // 771
        "safety pin", // 772
        "saltshaker", // 773
        "shoe", // 774 sandal
        "sarong", // 775
        "sax", // 776
        "scabbard", // 777
        "weighing scale", // 778 scale
        "bus", // 779 school bus
        "boat", // 780 schooner
        "scoreboard", // 781
        "screen", // 782
        "screw", // 783
        "screwdriver", // 784
        "seat belt", // 785
        "sewing machine", // 786
        "shield", // 787
        "shoe shop", // 788
        "shoji", // 789
        "shopping basket", // 790
        "shopping cart", // 791
        "shovel", // 792
        "shower cap", // 793
        "shower curtain", // 794
        "ski", // 795
        "ski mask", // 796
        "sleeping bag", // 797
        "slide rule", // 798
        "sliding door", // 799
        "slot machine", // 800 slot
        "snorkel", // 801
        "snowmobile", // 802
        "snowplow", // 803
        "soap dispenser", // 804
        "ball", // 805 soccer ball
        "sock", // 806
        "solar dish", // 807
        "hat", // 808 sombrero
        "bowl", // 809 soup bowl
        "keyboard", // 810 space bar
        "heater", // 811 space heater
        "space shuttle", // 812
        "spatula", // 813
        "boat", // 814 speedboat
        "spider web", // 815
        "spindle", // 816
        "car", // 817 sports car
        "spotlight", // 818
        "stage", // 819
        "train", // 820 steam locomotive
        "steel arch bridge", // 821
        "steel drum", // 822
        "stethoscope", // 823
        "scarf", // 824 stole
        "stone wall", // 825
        "watch", // 826 stopwatch
        "stove", // 827
        "strainer", // 828
        "streetcar", // 829
        "stretcher", // 830
        "studio couch", // 831
        "stupa", // 832
        "submarine", // 833
        "suit", // 834
        "sundial", // 835
        "sunglasses", // 836 sunglass
        "sunglasses", // 837
        "sunscreen", // 838
        "suspension bridge", // 839
        "swab", // 840
        "sweatshirt", // 841
        "swimming trunks", // 842
        "swing", // 843
        "light switch", // 844 switch
        "syringe", // 845
        "lamp", // 846 table lamp
        "tank", // 847
        "tape player", // 848
        "teapot", // 849
        "teddy bear", // 850 teddy
        "screen", // 851 television
        "ball", // 852 tennis ball
        "thatch", // 853
        "theater curtain", // 854
        "thimble", // 855
        "thresher", // 856
        "chair", // 857 throne
        "tile roof", // 858
        "toaster", // 859
        "tobacco shop", // 860
        "toilet seat", // 861
        "torch", // 862
        "totem pole", // 863
        "truck", // 864 tow truck
        "toyshop", // 865
        "tractor", // 866
        "truck", // 867 trailer truck
        "tray", // 868
        "trench coat", // 869
        "tricycle", // 870
        "boat", // 871 trimaran
        "tripod", // 872
        "triumphal arch", // 873
        "bus", // 874 trolleybus
        "trombone", // 875
        "tub", // 876
        "turnstile", // 877
        "keyboard", // 878 typewriter keyboard
        "umbrella", // 879
        "unicycle", // 880
        "upright piano", // 881 upright
        "vacuum cleaner", // 882 vacuum
        "vase", // 883
        "vault", // 884
        "velvet", // 885
        "vending machine", // 886
        "vestment", // 887
        "viaduct", // 888
        "violin", // 889
        "ball", // 890 volleyball
        "waffle iron", // 891
        "clock", // 892 wall clock
        "wallet", // 893
        "wardrobe", // 894
        "plane", // 895 warplane
        "washbasin", // 896
        "washing machine", // 897 washer
        "bottle", // 898 water bottle
        "jug", // 899 water jug
        "water tower", // 900
        "jug", // 901 whiskey jug
        "whistle", // 902
        "wig", // 903
        "window screen", // 904
        "window shade", // 905
        "Windsor tie", // 906
        "bottle", // 907 wine bottle
        "wing", // 908
        "pan", // 909 wok
        "wooden spoon", // 910
        "wool", // 911
        "worm fence", // 912
        "wreck", // 913
        "boat", // 914 yawl
        "yurt", // 915
        "screen", // 916 web site
        "book", // 917 comic book
        "crossword puzzle", // 918
        "street sign", // 919
        "traffic light", // 920
        "book", // 921 book jacket
        "menu", // 922
        "plate of food", // 923 plate
        "guacamole", // 924
        "soup", // 925 consomme
        "hot pot", // 926
        "trifle", // 927
        "ice cream", // 928
        "ice lolly", // 929
        "French loaf", // 930
        "bagel", // 931
        "pretzel", // 932
        "cheeseburger", // 933
        "hot dog", // 934 hotdog
        "mashed potato", // 935
        "cabbage", // 936 head cabbage
        "broccoli", // 937
        "cauliflower", // 938
        "zucchini", // 939
        "squash", // 940 spaghetti squash
        "squash", // 941 acorn squash
        "squash", // 942 butternut squash
        "cucumber", // 943
        "artichoke", // 944
        "pepper", // 945 bell pepper
        "cardoon", // 946
        "mushroom", // 947
        "apple", // 948 Granny Smith
        "strawberry", // 949
        "orange", // 950
        "lemon", // 951
        "fig", // 952
        "pineapple", // 953
        "banana", // 954
        "jackfruit", // 955
        "custard apple", // 956
        "pomegranate", // 957
        "hay", // 958
        "carbonara", // 959
        "chocolate sauce", // 960
        "dough", // 961
        "meat loaf", // 962
        "pizza", // 963
        "pie", // 964 potpie
        "burrito", // 965
        "red wine", // 966
        "coffee", // 967 espresso
        "cup", // 968
        "eggnog", // 969
        "mountain", // 970 alp
        "bubble", // 971
        "cliff", // 972
        "coral reef", // 973
        "geyser", // 974
        "lakeside", // 975
        "promontory", // 976
        "sandbar", // 977
        "seashore", // 978
        "valley", // 979
        "volcano", // 980
        "person", // 981 ballplayer
        "person", // 982 groom
        "scuba diver", // 983
        "rapeseed", // 984
        "daisy", // 985
        "yellow lady's slipper", // 986
        "corn", // 987
        "acorn", // 988
        "rose hip", // 989 hip
        "buckeye", // 990
        "mushroom", // 991 coral fungus
        "mushroom", // 992 agaric
        "mushroom", // 993 gyromitra
        "mushroom", // 994 stinkhorn
        "mushroom", // 995 earthstar
        "mushroom", // 996 hen-of-the-woods
        "mushroom", // 997 bolete
        "corn", // 998 ear
        "toilet paper", // 999 toilet tissue
    ]

    /// Names said without "a" ("maybe coffee", "maybe sunglasses").
    static let withoutArticle: Set<String> = ["broccoli", "carbonara", "cauliflower", "chain mail", "chocolate sauce", "coffee", "corn", "dough", "eggnog", "guacamole", "hay", "honeycomb", "ice cream", "jeans", "mashed potato", "meat loaf", "pyjamas", "red wine", "soup", "sunglasses", "swimming trunks", "toilet paper", "trifle", "velvet", "wool"]
}
