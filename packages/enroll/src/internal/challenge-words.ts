// A word list written for this package (not derived from any other list), released under
// the package's licence: common English words of 5 to 8 lowercase ASCII letters, so that
// every challenge matches the server's pattern (words of 4 to 10 word characters).

/** Words the challenge is drawn from: 1298 common English words of 5 to 8 letters. */
export const challengeWords: readonly string[] = Object.freeze(
  `
about above absent accept account across action active actor actual adapt added adding admire
adopt adult advice afford afraid after again agent agree ahead alarm album alert alike alive
allow almond almost alone along already alter always amazing amber among amount ample anchor
angle angry animal ankle annual answer anyone anything apart apple apply april apron arena
argue arise armor around arrive arrow artist aside asleep aspect assist atlas attach attempt
attend author autumn avenue avoid awake award aware awful bacon badge bakery balance balcony
bamboo banana banner barley barrel basket battle beach beacon beauty become bedroom before
begin behave behind being belief belong below bench benefit berry beside better between beyond
bicycle bigger biscuit bitter blanket blend bless blind block blossom blouse board boast bonus
border borrow bottle bottom bounce branch brave bread break breeze brick bridge brief bright
bring broad broken bronze brother brown brush bubble bucket budget buffalo build bullet bundle
burden burger butter button buyer cabin cabinet cable cactus camel camera campus canal candle
candy canoe canvas canyon capital captain carbon career careful cargo carpet carrot carry
castle casual catalog catch cattle cause caution cement center cereal chain chair chalk
champion change channel chapter charge charm chart chase cheap check cheek cheese cherry chest
chicken chief child chimney choice choose chorus circle circus citizen civil claim class clean
clear clever client cliff climate climb clock close closet cloth cloud clover coach coast
cobalt coconut coffee collar collect colony color column combine comfort comic common compass
complex concert confirm connect contest control cookie copper coral corner cotton couch country
couple course cousin cover coyote crack cradle craft crane crater crayon cream credit creek
crisp crowd crown cruise crystal cubic culture cupboard curious current curtain curve cushion
custom cycle daily dairy daisy dance danger daring dealer debate decade decide decimal declare
decorate deeply defend define degree delay deliver demand dense dentist depend deposit depth
desert design detail detect develop device diamond diary diesel differ digital dinner direct
discuss dismiss display distant divide doctor dollar dolphin domain donkey double dragon drama
drawer dream dress drift drink drive driver during dusty dwarf eager eagle early earth easily
eastern editor effect effort eight either elbow elder eleven elite embark emerald emotion
empire employ empty enable ending energy engine enjoy enough enter entire entry equal equip
erase error escape essay estate evening event every exact example excess exchange excite excuse
exhibit exist expand expect expert explain explore export extend extra fabric factor factory
faint fairly faith false family famous fancy farmer fashion father fault favor feather feature
federal feeling fence fever fiction field fifteen fifty figure filter final finger finish
fiscal flame flash flavor fleet flight float flock floor flower fluid focus follow forest
forget formal format fortune forty forward fossil foster fountain fourteen fraction frame
freedom fresh friday fridge friend frost frozen fruit funny furnace future gadget galaxy
gallery garage garden garlic gather gentle giant ginger giraffe glass global glove golden
gospel govern grace grade grain grape graph grass gravel gravity great green greet grocery
ground group growth guard guess guest guide guitar habit hammer handle happen happy harbor
hardly harvest hazel health heart heavy hedge height helmet helpful herbal hidden highway
history hobby hockey holiday hollow honest honey horizon horse hospital hotel hourly house
however human humble humor hundred hunger hunter hurry husband iceberg ideal ignore image
impact import impose improve include income indeed index indoor infant inform injury inner
input insect inside insist install instant intend invest invite island issue ivory jacket
jaguar january jelly jewel jigsaw joint jolly journal journey judge juice jumbo jungle junior
justice kangaroo kennel kettle keyboard kidney kindly kingdom kitchen kitten knife knight
ladder ladle lagoon language lantern laptop large laser later latter laugh launch lawyer layer
leader learn leather lecture legal legend lemon length lesson letter level liberty library
license lifetime light limit linen liquid listen little lively lizard lobby local locate lodge
logic lonely lottery lovely lower loyal lucky lumber lunar lunch machine magic magnet maiden
mainly major maker mammal manage mango manner mantle maple marble march margin marine market
marsh master match matter meadow measure medal media medium melody member memory mental mention
mercy merit message metal method middle midnight might million mineral minor minute mirror
missile mission mixture mobile model modern modest moment monday money monitor monkey month
moral morning mosaic mother motion motor mountain mouse mouth muffin museum music mutual myself
mystery napkin narrow nation native nature nearby nearly needle nephew nerve network neutral
never newly night nimble noble nobody noise normal north notable notice novel number nurse
nutmeg object oblige obtain ocean october office often olive online opening opera opinion
option orange orbit orchard order organ origin orphan other outdoor outer output owner oyster
package paddle palace panel panther paper parade parcel parent parrot partly partner party
passage pastry patch patient pattern peace peanut pearl pebble pelican pencil people pepper
perfect period permit person phone photo piano picnic picture pigeon pillow pilot pioneer
pirate pistol pitch pizza place plain planet plant plastic plate player please pledge plenty
pocket poetry point polar police polish popular portion potato pottery powder power prairie
praise predict prefer present press pretty price pride primary prince print prior prison
private prize problem process produce profit program project promise proper protect proud
provide public pumpkin pupil puppy purple purpose puzzle pyramid quarter queen quick quiet
quilt quote rabbit raccoon radar radio railway rainbow raise rally random range rapid rather
raven razor ready reason recall receive recipe record reduce reflect reform refuse region
regular relax release relief remain remark remote remove render repair repeat reply report
rescue resort result retail return reveal review reward rhythm ribbon riddle rider ridge rifle
right rigid ripple rival river roast robin robot rocket rotate rough round route royal rubber
rugby ruler rumor runner rural rustic saddle safety sailor salad salmon salon sample sandal
satisfy sauce saucer savings scale scarf scene scheme school science scissors scout screen
script sculpt season second secret section secure select seller seminar senior sense series
sermon service session settle seven several shadow shallow shape share shark sharp shelf shell
shelter sheriff shield shift shine shiver shock short shoulder shower shrimp sight signal
silent silver simple singer single sister sketch skill skirt sleep slender slice slight slogan
smart smile smoke smooth snack snake soccer social socket soldier solid solve someone sorrow
sound source south space spare speak special speech speed spell spend spice spider spirit
splash sponge spoon sport spread spring square squash stable stadium staff stage stair stamp
stand staple start state station statue steady steam steel stereo stick still stomach stone
story stove straight strange straw stream street strike string strong student studio style
subject submit subtle suburb sudden sugar suggest summer summit sunny sunset super supply
supreme surface surgeon surplus survey sweet swift swing symbol system table tablet tackle
talent tangle target teacher teapot temple tenant tender tennis theory thick thing think thirty
thread three throne thumb ticket tiger timber timely tissue title toast today toddler token
tomato tomorrow tongue tonight topic torch total tower toxic tractor trade traffic trail train
transit travel treasure treaty trend trial tribe trick trophy trouble truck truly trumpet trust
truth tulip tunnel turkey turtle twelve twenty twice typical umbrella uncle under unfold
uniform union unique unite universe unless unlock until update upgrade upper upset urban useful
usual vacuum valid valley value vanilla vapor various velvet vendor venture verbal verify
version vessel veteran victory video village vintage violin virtue visible vision visit visual
vital vivid vocal volume voyage wagon waiter wallet walnut wander warrior washer water wealth
weapon weather weekend weight welcome western whale wheat wheel whisper whistle white whole
widow width willow window winner winter wisdom within without witness wizard woman wonder
wooden worker world worry worth wrist writer yacht yellow yield young youth zebra zipper
`
    .trim()
    .split(/\s+/),
)
