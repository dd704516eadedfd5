Pod::Spec.new do |s|
  s.name = 'Deep'
  s.version = '1.0.0'
s.subspec 'S0' do |s|
s.subspec 'S1' do |s|
s.subspec 'S2' do |s|
s.subspec 'S3' do |s|
s.subspec 'S4' do |s|
s.subspec 'S5' do |s|
s.subspec 'S6' do |s|
s.subspec 'S7' do |s|
s.subspec 'S8' do |s|
s.subspec 'S9' do |s|
s.subspec 'S10' do |s|
s.subspec 'S11' do |s|
s.subspec 'S12' do |s|
s.subspec 'S13' do |s|
s.subspec 'S14' do |s|
s.subspec 'S15' do |s|
s.subspec 'S16' do |s|
s.subspec 'S17' do |s|
s.subspec 'S18' do |s|
s.subspec 'S19' do |s|
s.subspec 'S20' do |s|
s.subspec 'S21' do |s|
s.subspec 'S22' do |s|
s.subspec 'S23' do |s|
s.subspec 'S24' do |s|
s.subspec 'S25' do |s|
s.subspec 'S26' do |s|
s.subspec 'S27' do |s|
s.subspec 'S28' do |s|
s.subspec 'S29' do |s|
s.subspec 'S30' do |s|
s.subspec 'S31' do |s|
s.subspec 'S32' do |s|
s.subspec 'S33' do |s|
s.subspec 'S34' do |s|
s.subspec 'S35' do |s|
s.subspec 'S36' do |s|
s.subspec 'S37' do |s|
s.subspec 'S38' do |s|
s.subspec 'S39' do |s|
s.subspec 'S40' do |s|
s.subspec 'S41' do |s|
s.subspec 'S42' do |s|
s.subspec 'S43' do |s|
s.subspec 'S44' do |s|
s.subspec 'S45' do |s|
s.subspec 'S46' do |s|
s.subspec 'S47' do |s|
s.subspec 'S48' do |s|
s.subspec 'S49' do |s|
s.subspec 'S50' do |s|
s.subspec 'S51' do |s|
s.subspec 'S52' do |s|
s.subspec 'S53' do |s|
s.subspec 'S54' do |s|
s.subspec 'S55' do |s|
s.subspec 'S56' do |s|
s.subspec 'S57' do |s|
s.subspec 'S58' do |s|
s.subspec 'S59' do |s|
s.subspec 'S60' do |s|
s.subspec 'S61' do |s|
s.subspec 'S62' do |s|
s.subspec 'S63' do |s|
s.subspec 'S64' do |s|
s.subspec 'S65' do |s|
s.subspec 'S66' do |s|
s.subspec 'S67' do |s|
s.subspec 'S68' do |s|
s.subspec 'S69' do |s|
s.subspec 'S70' do |s|
s.subspec 'S71' do |s|
s.subspec 'S72' do |s|
s.subspec 'S73' do |s|
s.subspec 'S74' do |s|
s.subspec 'S75' do |s|
s.subspec 'S76' do |s|
s.subspec 'S77' do |s|
s.subspec 'S78' do |s|
s.subspec 'S79' do |s|
s.subspec 'S80' do |s|
s.subspec 'S81' do |s|
s.subspec 'S82' do |s|
s.subspec 'S83' do |s|
s.subspec 'S84' do |s|
s.subspec 'S85' do |s|
s.subspec 'S86' do |s|
s.subspec 'S87' do |s|
s.subspec 'S88' do |s|
s.subspec 'S89' do |s|
s.subspec 'S90' do |s|
s.subspec 'S91' do |s|
s.subspec 'S92' do |s|
s.subspec 'S93' do |s|
s.subspec 'S94' do |s|
s.subspec 'S95' do |s|
s.subspec 'S96' do |s|
s.subspec 'S97' do |s|
s.subspec 'S98' do |s|
s.subspec 'S99' do |s|
s.subspec 'S100' do |s|
s.subspec 'S101' do |s|
s.subspec 'S102' do |s|
s.subspec 'S103' do |s|
s.subspec 'S104' do |s|
s.subspec 'S105' do |s|
s.subspec 'S106' do |s|
s.subspec 'S107' do |s|
s.subspec 'S108' do |s|
s.subspec 'S109' do |s|
s.subspec 'S110' do |s|
s.subspec 'S111' do |s|
s.subspec 'S112' do |s|
s.subspec 'S113' do |s|
s.subspec 'S114' do |s|
s.subspec 'S115' do |s|
s.subspec 'S116' do |s|
s.subspec 'S117' do |s|
s.subspec 'S118' do |s|
s.subspec 'S119' do |s|
s.subspec 'S120' do |s|
s.subspec 'S121' do |s|
s.subspec 'S122' do |s|
s.subspec 'S123' do |s|
s.subspec 'S124' do |s|
s.subspec 'S125' do |s|
s.subspec 'S126' do |s|
s.subspec 'S127' do |s|
s.subspec 'S128' do |s|
s.subspec 'S129' do |s|
s.subspec 'S130' do |s|
s.subspec 'S131' do |s|
s.subspec 'S132' do |s|
s.subspec 'S133' do |s|
s.subspec 'S134' do |s|
s.subspec 'S135' do |s|
s.subspec 'S136' do |s|
s.subspec 'S137' do |s|
s.subspec 'S138' do |s|
s.subspec 'S139' do |s|
s.subspec 'S140' do |s|
s.subspec 'S141' do |s|
s.subspec 'S142' do |s|
s.subspec 'S143' do |s|
s.subspec 'S144' do |s|
s.subspec 'S145' do |s|
s.subspec 'S146' do |s|
s.subspec 'S147' do |s|
s.subspec 'S148' do |s|
s.subspec 'S149' do |s|
s.subspec 'S150' do |s|
s.subspec 'S151' do |s|
s.subspec 'S152' do |s|
s.subspec 'S153' do |s|
s.subspec 'S154' do |s|
s.subspec 'S155' do |s|
s.subspec 'S156' do |s|
s.subspec 'S157' do |s|
s.subspec 'S158' do |s|
s.subspec 'S159' do |s|
s.subspec 'S160' do |s|
s.subspec 'S161' do |s|
s.subspec 'S162' do |s|
s.subspec 'S163' do |s|
s.subspec 'S164' do |s|
s.subspec 'S165' do |s|
s.subspec 'S166' do |s|
s.subspec 'S167' do |s|
s.subspec 'S168' do |s|
s.subspec 'S169' do |s|
s.subspec 'S170' do |s|
s.subspec 'S171' do |s|
s.subspec 'S172' do |s|
s.subspec 'S173' do |s|
s.subspec 'S174' do |s|
s.subspec 'S175' do |s|
s.subspec 'S176' do |s|
s.subspec 'S177' do |s|
s.subspec 'S178' do |s|
s.subspec 'S179' do |s|
s.subspec 'S180' do |s|
s.subspec 'S181' do |s|
s.subspec 'S182' do |s|
s.subspec 'S183' do |s|
s.subspec 'S184' do |s|
s.subspec 'S185' do |s|
s.subspec 'S186' do |s|
s.subspec 'S187' do |s|
s.subspec 'S188' do |s|
s.subspec 'S189' do |s|
s.subspec 'S190' do |s|
s.subspec 'S191' do |s|
s.subspec 'S192' do |s|
s.subspec 'S193' do |s|
s.subspec 'S194' do |s|
s.subspec 'S195' do |s|
s.subspec 'S196' do |s|
s.subspec 'S197' do |s|
s.subspec 'S198' do |s|
s.subspec 'S199' do |s|
s.subspec 'S200' do |s|
s.subspec 'S201' do |s|
s.subspec 'S202' do |s|
s.subspec 'S203' do |s|
s.subspec 'S204' do |s|
s.subspec 'S205' do |s|
s.subspec 'S206' do |s|
s.subspec 'S207' do |s|
s.subspec 'S208' do |s|
s.subspec 'S209' do |s|
s.subspec 'S210' do |s|
s.subspec 'S211' do |s|
s.subspec 'S212' do |s|
s.subspec 'S213' do |s|
s.subspec 'S214' do |s|
s.subspec 'S215' do |s|
s.subspec 'S216' do |s|
s.subspec 'S217' do |s|
s.subspec 'S218' do |s|
s.subspec 'S219' do |s|
s.subspec 'S220' do |s|
s.subspec 'S221' do |s|
s.subspec 'S222' do |s|
s.subspec 'S223' do |s|
s.subspec 'S224' do |s|
s.subspec 'S225' do |s|
s.subspec 'S226' do |s|
s.subspec 'S227' do |s|
s.subspec 'S228' do |s|
s.subspec 'S229' do |s|
s.subspec 'S230' do |s|
s.subspec 'S231' do |s|
s.subspec 'S232' do |s|
s.subspec 'S233' do |s|
s.subspec 'S234' do |s|
s.subspec 'S235' do |s|
s.subspec 'S236' do |s|
s.subspec 'S237' do |s|
s.subspec 'S238' do |s|
s.subspec 'S239' do |s|
s.subspec 'S240' do |s|
s.subspec 'S241' do |s|
s.subspec 'S242' do |s|
s.subspec 'S243' do |s|
s.subspec 'S244' do |s|
s.subspec 'S245' do |s|
s.subspec 'S246' do |s|
s.subspec 'S247' do |s|
s.subspec 'S248' do |s|
s.subspec 'S249' do |s|
s.subspec 'S250' do |s|
s.subspec 'S251' do |s|
s.subspec 'S252' do |s|
s.subspec 'S253' do |s|
s.subspec 'S254' do |s|
s.subspec 'S255' do |s|
s.subspec 'S256' do |s|
s.subspec 'S257' do |s|
s.subspec 'S258' do |s|
s.subspec 'S259' do |s|
s.subspec 'S260' do |s|
s.subspec 'S261' do |s|
s.subspec 'S262' do |s|
s.subspec 'S263' do |s|
s.subspec 'S264' do |s|
s.subspec 'S265' do |s|
s.subspec 'S266' do |s|
s.subspec 'S267' do |s|
s.subspec 'S268' do |s|
s.subspec 'S269' do |s|
s.subspec 'S270' do |s|
s.subspec 'S271' do |s|
s.subspec 'S272' do |s|
s.subspec 'S273' do |s|
s.subspec 'S274' do |s|
s.subspec 'S275' do |s|
s.subspec 'S276' do |s|
s.subspec 'S277' do |s|
s.subspec 'S278' do |s|
s.subspec 'S279' do |s|
s.subspec 'S280' do |s|
s.subspec 'S281' do |s|
s.subspec 'S282' do |s|
s.subspec 'S283' do |s|
s.subspec 'S284' do |s|
s.subspec 'S285' do |s|
s.subspec 'S286' do |s|
s.subspec 'S287' do |s|
s.subspec 'S288' do |s|
s.subspec 'S289' do |s|
s.subspec 'S290' do |s|
s.subspec 'S291' do |s|
s.subspec 'S292' do |s|
s.subspec 'S293' do |s|
s.subspec 'S294' do |s|
s.subspec 'S295' do |s|
s.subspec 'S296' do |s|
s.subspec 'S297' do |s|
s.subspec 'S298' do |s|
s.subspec 'S299' do |s|
s.subspec 'S300' do |s|
s.subspec 'S301' do |s|
s.subspec 'S302' do |s|
s.subspec 'S303' do |s|
s.subspec 'S304' do |s|
s.subspec 'S305' do |s|
s.subspec 'S306' do |s|
s.subspec 'S307' do |s|
s.subspec 'S308' do |s|
s.subspec 'S309' do |s|
s.subspec 'S310' do |s|
s.subspec 'S311' do |s|
s.subspec 'S312' do |s|
s.subspec 'S313' do |s|
s.subspec 'S314' do |s|
s.subspec 'S315' do |s|
s.subspec 'S316' do |s|
s.subspec 'S317' do |s|
s.subspec 'S318' do |s|
s.subspec 'S319' do |s|
s.subspec 'S320' do |s|
s.subspec 'S321' do |s|
s.subspec 'S322' do |s|
s.subspec 'S323' do |s|
s.subspec 'S324' do |s|
s.subspec 'S325' do |s|
s.subspec 'S326' do |s|
s.subspec 'S327' do |s|
s.subspec 'S328' do |s|
s.subspec 'S329' do |s|
s.subspec 'S330' do |s|
s.subspec 'S331' do |s|
s.subspec 'S332' do |s|
s.subspec 'S333' do |s|
s.subspec 'S334' do |s|
s.subspec 'S335' do |s|
s.subspec 'S336' do |s|
s.subspec 'S337' do |s|
s.subspec 'S338' do |s|
s.subspec 'S339' do |s|
s.subspec 'S340' do |s|
s.subspec 'S341' do |s|
s.subspec 'S342' do |s|
s.subspec 'S343' do |s|
s.subspec 'S344' do |s|
s.subspec 'S345' do |s|
s.subspec 'S346' do |s|
s.subspec 'S347' do |s|
s.subspec 'S348' do |s|
s.subspec 'S349' do |s|
s.subspec 'S350' do |s|
s.subspec 'S351' do |s|
s.subspec 'S352' do |s|
s.subspec 'S353' do |s|
s.subspec 'S354' do |s|
s.subspec 'S355' do |s|
s.subspec 'S356' do |s|
s.subspec 'S357' do |s|
s.subspec 'S358' do |s|
s.subspec 'S359' do |s|
s.subspec 'S360' do |s|
s.subspec 'S361' do |s|
s.subspec 'S362' do |s|
s.subspec 'S363' do |s|
s.subspec 'S364' do |s|
s.subspec 'S365' do |s|
s.subspec 'S366' do |s|
s.subspec 'S367' do |s|
s.subspec 'S368' do |s|
s.subspec 'S369' do |s|
s.subspec 'S370' do |s|
s.subspec 'S371' do |s|
s.subspec 'S372' do |s|
s.subspec 'S373' do |s|
s.subspec 'S374' do |s|
s.subspec 'S375' do |s|
s.subspec 'S376' do |s|
s.subspec 'S377' do |s|
s.subspec 'S378' do |s|
s.subspec 'S379' do |s|
s.subspec 'S380' do |s|
s.subspec 'S381' do |s|
s.subspec 'S382' do |s|
s.subspec 'S383' do |s|
s.subspec 'S384' do |s|
s.subspec 'S385' do |s|
s.subspec 'S386' do |s|
s.subspec 'S387' do |s|
s.subspec 'S388' do |s|
s.subspec 'S389' do |s|
s.subspec 'S390' do |s|
s.subspec 'S391' do |s|
s.subspec 'S392' do |s|
s.subspec 'S393' do |s|
s.subspec 'S394' do |s|
s.subspec 'S395' do |s|
s.subspec 'S396' do |s|
s.subspec 'S397' do |s|
s.subspec 'S398' do |s|
s.subspec 'S399' do |s|
s.subspec 'S400' do |s|
s.subspec 'S401' do |s|
s.subspec 'S402' do |s|
s.subspec 'S403' do |s|
s.subspec 'S404' do |s|
s.subspec 'S405' do |s|
s.subspec 'S406' do |s|
s.subspec 'S407' do |s|
s.subspec 'S408' do |s|
s.subspec 'S409' do |s|
s.subspec 'S410' do |s|
s.subspec 'S411' do |s|
s.subspec 'S412' do |s|
s.subspec 'S413' do |s|
s.subspec 'S414' do |s|
s.subspec 'S415' do |s|
s.subspec 'S416' do |s|
s.subspec 'S417' do |s|
s.subspec 'S418' do |s|
s.subspec 'S419' do |s|
s.subspec 'S420' do |s|
s.subspec 'S421' do |s|
s.subspec 'S422' do |s|
s.subspec 'S423' do |s|
s.subspec 'S424' do |s|
s.subspec 'S425' do |s|
s.subspec 'S426' do |s|
s.subspec 'S427' do |s|
s.subspec 'S428' do |s|
s.subspec 'S429' do |s|
s.subspec 'S430' do |s|
s.subspec 'S431' do |s|
s.subspec 'S432' do |s|
s.subspec 'S433' do |s|
s.subspec 'S434' do |s|
s.subspec 'S435' do |s|
s.subspec 'S436' do |s|
s.subspec 'S437' do |s|
s.subspec 'S438' do |s|
s.subspec 'S439' do |s|
s.subspec 'S440' do |s|
s.subspec 'S441' do |s|
s.subspec 'S442' do |s|
s.subspec 'S443' do |s|
s.subspec 'S444' do |s|
s.subspec 'S445' do |s|
s.subspec 'S446' do |s|
s.subspec 'S447' do |s|
s.subspec 'S448' do |s|
s.subspec 'S449' do |s|
s.subspec 'S450' do |s|
s.subspec 'S451' do |s|
s.subspec 'S452' do |s|
s.subspec 'S453' do |s|
s.subspec 'S454' do |s|
s.subspec 'S455' do |s|
s.subspec 'S456' do |s|
s.subspec 'S457' do |s|
s.subspec 'S458' do |s|
s.subspec 'S459' do |s|
s.subspec 'S460' do |s|
s.subspec 'S461' do |s|
s.subspec 'S462' do |s|
s.subspec 'S463' do |s|
s.subspec 'S464' do |s|
s.subspec 'S465' do |s|
s.subspec 'S466' do |s|
s.subspec 'S467' do |s|
s.subspec 'S468' do |s|
s.subspec 'S469' do |s|
s.subspec 'S470' do |s|
s.subspec 'S471' do |s|
s.subspec 'S472' do |s|
s.subspec 'S473' do |s|
s.subspec 'S474' do |s|
s.subspec 'S475' do |s|
s.subspec 'S476' do |s|
s.subspec 'S477' do |s|
s.subspec 'S478' do |s|
s.subspec 'S479' do |s|
s.subspec 'S480' do |s|
s.subspec 'S481' do |s|
s.subspec 'S482' do |s|
s.subspec 'S483' do |s|
s.subspec 'S484' do |s|
s.subspec 'S485' do |s|
s.subspec 'S486' do |s|
s.subspec 'S487' do |s|
s.subspec 'S488' do |s|
s.subspec 'S489' do |s|
s.subspec 'S490' do |s|
s.subspec 'S491' do |s|
s.subspec 'S492' do |s|
s.subspec 'S493' do |s|
s.subspec 'S494' do |s|
s.subspec 'S495' do |s|
s.subspec 'S496' do |s|
s.subspec 'S497' do |s|
s.subspec 'S498' do |s|
s.subspec 'S499' do |s|
s.subspec 'S500' do |s|
s.subspec 'S501' do |s|
s.subspec 'S502' do |s|
s.subspec 'S503' do |s|
s.subspec 'S504' do |s|
s.subspec 'S505' do |s|
s.subspec 'S506' do |s|
s.subspec 'S507' do |s|
s.subspec 'S508' do |s|
s.subspec 'S509' do |s|
s.subspec 'S510' do |s|
s.subspec 'S511' do |s|
s.subspec 'S512' do |s|
s.subspec 'S513' do |s|
s.subspec 'S514' do |s|
s.subspec 'S515' do |s|
s.subspec 'S516' do |s|
s.subspec 'S517' do |s|
s.subspec 'S518' do |s|
s.subspec 'S519' do |s|
s.subspec 'S520' do |s|
s.subspec 'S521' do |s|
s.subspec 'S522' do |s|
s.subspec 'S523' do |s|
s.subspec 'S524' do |s|
s.subspec 'S525' do |s|
s.subspec 'S526' do |s|
s.subspec 'S527' do |s|
s.subspec 'S528' do |s|
s.subspec 'S529' do |s|
s.subspec 'S530' do |s|
s.subspec 'S531' do |s|
s.subspec 'S532' do |s|
s.subspec 'S533' do |s|
s.subspec 'S534' do |s|
s.subspec 'S535' do |s|
s.subspec 'S536' do |s|
s.subspec 'S537' do |s|
s.subspec 'S538' do |s|
s.subspec 'S539' do |s|
s.subspec 'S540' do |s|
s.subspec 'S541' do |s|
s.subspec 'S542' do |s|
s.subspec 'S543' do |s|
s.subspec 'S544' do |s|
s.subspec 'S545' do |s|
s.subspec 'S546' do |s|
s.subspec 'S547' do |s|
s.subspec 'S548' do |s|
s.subspec 'S549' do |s|
s.subspec 'S550' do |s|
s.subspec 'S551' do |s|
s.subspec 'S552' do |s|
s.subspec 'S553' do |s|
s.subspec 'S554' do |s|
s.subspec 'S555' do |s|
s.subspec 'S556' do |s|
s.subspec 'S557' do |s|
s.subspec 'S558' do |s|
s.subspec 'S559' do |s|
s.subspec 'S560' do |s|
s.subspec 'S561' do |s|
s.subspec 'S562' do |s|
s.subspec 'S563' do |s|
s.subspec 'S564' do |s|
s.subspec 'S565' do |s|
s.subspec 'S566' do |s|
s.subspec 'S567' do |s|
s.subspec 'S568' do |s|
s.subspec 'S569' do |s|
s.subspec 'S570' do |s|
s.subspec 'S571' do |s|
s.subspec 'S572' do |s|
s.subspec 'S573' do |s|
s.subspec 'S574' do |s|
s.subspec 'S575' do |s|
s.subspec 'S576' do |s|
s.subspec 'S577' do |s|
s.subspec 'S578' do |s|
s.subspec 'S579' do |s|
s.subspec 'S580' do |s|
s.subspec 'S581' do |s|
s.subspec 'S582' do |s|
s.subspec 'S583' do |s|
s.subspec 'S584' do |s|
s.subspec 'S585' do |s|
s.subspec 'S586' do |s|
s.subspec 'S587' do |s|
s.subspec 'S588' do |s|
s.subspec 'S589' do |s|
s.subspec 'S590' do |s|
s.subspec 'S591' do |s|
s.subspec 'S592' do |s|
s.subspec 'S593' do |s|
s.subspec 'S594' do |s|
s.subspec 'S595' do |s|
s.subspec 'S596' do |s|
s.subspec 'S597' do |s|
s.subspec 'S598' do |s|
s.subspec 'S599' do |s|
s.subspec 'S600' do |s|
s.subspec 'S601' do |s|
s.subspec 'S602' do |s|
s.subspec 'S603' do |s|
s.subspec 'S604' do |s|
s.subspec 'S605' do |s|
s.subspec 'S606' do |s|
s.subspec 'S607' do |s|
s.subspec 'S608' do |s|
s.subspec 'S609' do |s|
s.subspec 'S610' do |s|
s.subspec 'S611' do |s|
s.subspec 'S612' do |s|
s.subspec 'S613' do |s|
s.subspec 'S614' do |s|
s.subspec 'S615' do |s|
s.subspec 'S616' do |s|
s.subspec 'S617' do |s|
s.subspec 'S618' do |s|
s.subspec 'S619' do |s|
s.subspec 'S620' do |s|
s.subspec 'S621' do |s|
s.subspec 'S622' do |s|
s.subspec 'S623' do |s|
s.subspec 'S624' do |s|
s.subspec 'S625' do |s|
s.subspec 'S626' do |s|
s.subspec 'S627' do |s|
s.subspec 'S628' do |s|
s.subspec 'S629' do |s|
s.subspec 'S630' do |s|
s.subspec 'S631' do |s|
s.subspec 'S632' do |s|
s.subspec 'S633' do |s|
s.subspec 'S634' do |s|
s.subspec 'S635' do |s|
s.subspec 'S636' do |s|
s.subspec 'S637' do |s|
s.subspec 'S638' do |s|
s.subspec 'S639' do |s|
s.subspec 'S640' do |s|
s.subspec 'S641' do |s|
s.subspec 'S642' do |s|
s.subspec 'S643' do |s|
s.subspec 'S644' do |s|
s.subspec 'S645' do |s|
s.subspec 'S646' do |s|
s.subspec 'S647' do |s|
s.subspec 'S648' do |s|
s.subspec 'S649' do |s|
s.subspec 'S650' do |s|
s.subspec 'S651' do |s|
s.subspec 'S652' do |s|
s.subspec 'S653' do |s|
s.subspec 'S654' do |s|
s.subspec 'S655' do |s|
s.subspec 'S656' do |s|
s.subspec 'S657' do |s|
s.subspec 'S658' do |s|
s.subspec 'S659' do |s|
s.subspec 'S660' do |s|
s.subspec 'S661' do |s|
s.subspec 'S662' do |s|
s.subspec 'S663' do |s|
s.subspec 'S664' do |s|
s.subspec 'S665' do |s|
s.subspec 'S666' do |s|
s.subspec 'S667' do |s|
s.subspec 'S668' do |s|
s.subspec 'S669' do |s|
s.subspec 'S670' do |s|
s.subspec 'S671' do |s|
s.subspec 'S672' do |s|
s.subspec 'S673' do |s|
s.subspec 'S674' do |s|
s.subspec 'S675' do |s|
s.subspec 'S676' do |s|
s.subspec 'S677' do |s|
s.subspec 'S678' do |s|
s.subspec 'S679' do |s|
s.subspec 'S680' do |s|
s.subspec 'S681' do |s|
s.subspec 'S682' do |s|
s.subspec 'S683' do |s|
s.subspec 'S684' do |s|
s.subspec 'S685' do |s|
s.subspec 'S686' do |s|
s.subspec 'S687' do |s|
s.subspec 'S688' do |s|
s.subspec 'S689' do |s|
s.subspec 'S690' do |s|
s.subspec 'S691' do |s|
s.subspec 'S692' do |s|
s.subspec 'S693' do |s|
s.subspec 'S694' do |s|
s.subspec 'S695' do |s|
s.subspec 'S696' do |s|
s.subspec 'S697' do |s|
s.subspec 'S698' do |s|
s.subspec 'S699' do |s|
s.subspec 'S700' do |s|
s.subspec 'S701' do |s|
s.subspec 'S702' do |s|
s.subspec 'S703' do |s|
s.subspec 'S704' do |s|
s.subspec 'S705' do |s|
s.subspec 'S706' do |s|
s.subspec 'S707' do |s|
s.subspec 'S708' do |s|
s.subspec 'S709' do |s|
s.subspec 'S710' do |s|
s.subspec 'S711' do |s|
s.subspec 'S712' do |s|
s.subspec 'S713' do |s|
s.subspec 'S714' do |s|
s.subspec 'S715' do |s|
s.subspec 'S716' do |s|
s.subspec 'S717' do |s|
s.subspec 'S718' do |s|
s.subspec 'S719' do |s|
s.subspec 'S720' do |s|
s.subspec 'S721' do |s|
s.subspec 'S722' do |s|
s.subspec 'S723' do |s|
s.subspec 'S724' do |s|
s.subspec 'S725' do |s|
s.subspec 'S726' do |s|
s.subspec 'S727' do |s|
s.subspec 'S728' do |s|
s.subspec 'S729' do |s|
s.subspec 'S730' do |s|
s.subspec 'S731' do |s|
s.subspec 'S732' do |s|
s.subspec 'S733' do |s|
s.subspec 'S734' do |s|
s.subspec 'S735' do |s|
s.subspec 'S736' do |s|
s.subspec 'S737' do |s|
s.subspec 'S738' do |s|
s.subspec 'S739' do |s|
s.subspec 'S740' do |s|
s.subspec 'S741' do |s|
s.subspec 'S742' do |s|
s.subspec 'S743' do |s|
s.subspec 'S744' do |s|
s.subspec 'S745' do |s|
s.subspec 'S746' do |s|
s.subspec 'S747' do |s|
s.subspec 'S748' do |s|
s.subspec 'S749' do |s|
s.subspec 'S750' do |s|
s.subspec 'S751' do |s|
s.subspec 'S752' do |s|
s.subspec 'S753' do |s|
s.subspec 'S754' do |s|
s.subspec 'S755' do |s|
s.subspec 'S756' do |s|
s.subspec 'S757' do |s|
s.subspec 'S758' do |s|
s.subspec 'S759' do |s|
s.subspec 'S760' do |s|
s.subspec 'S761' do |s|
s.subspec 'S762' do |s|
s.subspec 'S763' do |s|
s.subspec 'S764' do |s|
s.subspec 'S765' do |s|
s.subspec 'S766' do |s|
s.subspec 'S767' do |s|
s.subspec 'S768' do |s|
s.subspec 'S769' do |s|
s.subspec 'S770' do |s|
s.subspec 'S771' do |s|
s.subspec 'S772' do |s|
s.subspec 'S773' do |s|
s.subspec 'S774' do |s|
s.subspec 'S775' do |s|
s.subspec 'S776' do |s|
s.subspec 'S777' do |s|
s.subspec 'S778' do |s|
s.subspec 'S779' do |s|
s.subspec 'S780' do |s|
s.subspec 'S781' do |s|
s.subspec 'S782' do |s|
s.subspec 'S783' do |s|
s.subspec 'S784' do |s|
s.subspec 'S785' do |s|
s.subspec 'S786' do |s|
s.subspec 'S787' do |s|
s.subspec 'S788' do |s|
s.subspec 'S789' do |s|
s.subspec 'S790' do |s|
s.subspec 'S791' do |s|
s.subspec 'S792' do |s|
s.subspec 'S793' do |s|
s.subspec 'S794' do |s|
s.subspec 'S795' do |s|
s.subspec 'S796' do |s|
s.subspec 'S797' do |s|
s.subspec 'S798' do |s|
s.subspec 'S799' do |s|
s.subspec 'S800' do |s|
s.subspec 'S801' do |s|
s.subspec 'S802' do |s|
s.subspec 'S803' do |s|
s.subspec 'S804' do |s|
s.subspec 'S805' do |s|
s.subspec 'S806' do |s|
s.subspec 'S807' do |s|
s.subspec 'S808' do |s|
s.subspec 'S809' do |s|
s.subspec 'S810' do |s|
s.subspec 'S811' do |s|
s.subspec 'S812' do |s|
s.subspec 'S813' do |s|
s.subspec 'S814' do |s|
s.subspec 'S815' do |s|
s.subspec 'S816' do |s|
s.subspec 'S817' do |s|
s.subspec 'S818' do |s|
s.subspec 'S819' do |s|
s.subspec 'S820' do |s|
s.subspec 'S821' do |s|
s.subspec 'S822' do |s|
s.subspec 'S823' do |s|
s.subspec 'S824' do |s|
s.subspec 'S825' do |s|
s.subspec 'S826' do |s|
s.subspec 'S827' do |s|
s.subspec 'S828' do |s|
s.subspec 'S829' do |s|
s.subspec 'S830' do |s|
s.subspec 'S831' do |s|
s.subspec 'S832' do |s|
s.subspec 'S833' do |s|
s.subspec 'S834' do |s|
s.subspec 'S835' do |s|
s.subspec 'S836' do |s|
s.subspec 'S837' do |s|
s.subspec 'S838' do |s|
s.subspec 'S839' do |s|
s.subspec 'S840' do |s|
s.subspec 'S841' do |s|
s.subspec 'S842' do |s|
s.subspec 'S843' do |s|
s.subspec 'S844' do |s|
s.subspec 'S845' do |s|
s.subspec 'S846' do |s|
s.subspec 'S847' do |s|
s.subspec 'S848' do |s|
s.subspec 'S849' do |s|
s.subspec 'S850' do |s|
s.subspec 'S851' do |s|
s.subspec 'S852' do |s|
s.subspec 'S853' do |s|
s.subspec 'S854' do |s|
s.subspec 'S855' do |s|
s.subspec 'S856' do |s|
s.subspec 'S857' do |s|
s.subspec 'S858' do |s|
s.subspec 'S859' do |s|
s.subspec 'S860' do |s|
s.subspec 'S861' do |s|
s.subspec 'S862' do |s|
s.subspec 'S863' do |s|
s.subspec 'S864' do |s|
s.subspec 'S865' do |s|
s.subspec 'S866' do |s|
s.subspec 'S867' do |s|
s.subspec 'S868' do |s|
s.subspec 'S869' do |s|
s.subspec 'S870' do |s|
s.subspec 'S871' do |s|
s.subspec 'S872' do |s|
s.subspec 'S873' do |s|
s.subspec 'S874' do |s|
s.subspec 'S875' do |s|
s.subspec 'S876' do |s|
s.subspec 'S877' do |s|
s.subspec 'S878' do |s|
s.subspec 'S879' do |s|
s.subspec 'S880' do |s|
s.subspec 'S881' do |s|
s.subspec 'S882' do |s|
s.subspec 'S883' do |s|
s.subspec 'S884' do |s|
s.subspec 'S885' do |s|
s.subspec 'S886' do |s|
s.subspec 'S887' do |s|
s.subspec 'S888' do |s|
s.subspec 'S889' do |s|
s.subspec 'S890' do |s|
s.subspec 'S891' do |s|
s.subspec 'S892' do |s|
s.subspec 'S893' do |s|
s.subspec 'S894' do |s|
s.subspec 'S895' do |s|
s.subspec 'S896' do |s|
s.subspec 'S897' do |s|
s.subspec 'S898' do |s|
s.subspec 'S899' do |s|
s.subspec 'S900' do |s|
s.subspec 'S901' do |s|
s.subspec 'S902' do |s|
s.subspec 'S903' do |s|
s.subspec 'S904' do |s|
s.subspec 'S905' do |s|
s.subspec 'S906' do |s|
s.subspec 'S907' do |s|
s.subspec 'S908' do |s|
s.subspec 'S909' do |s|
s.subspec 'S910' do |s|
s.subspec 'S911' do |s|
s.subspec 'S912' do |s|
s.subspec 'S913' do |s|
s.subspec 'S914' do |s|
s.subspec 'S915' do |s|
s.subspec 'S916' do |s|
s.subspec 'S917' do |s|
s.subspec 'S918' do |s|
s.subspec 'S919' do |s|
s.subspec 'S920' do |s|
s.subspec 'S921' do |s|
s.subspec 'S922' do |s|
s.subspec 'S923' do |s|
s.subspec 'S924' do |s|
s.subspec 'S925' do |s|
s.subspec 'S926' do |s|
s.subspec 'S927' do |s|
s.subspec 'S928' do |s|
s.subspec 'S929' do |s|
s.subspec 'S930' do |s|
s.subspec 'S931' do |s|
s.subspec 'S932' do |s|
s.subspec 'S933' do |s|
s.subspec 'S934' do |s|
s.subspec 'S935' do |s|
s.subspec 'S936' do |s|
s.subspec 'S937' do |s|
s.subspec 'S938' do |s|
s.subspec 'S939' do |s|
s.subspec 'S940' do |s|
s.subspec 'S941' do |s|
s.subspec 'S942' do |s|
s.subspec 'S943' do |s|
s.subspec 'S944' do |s|
s.subspec 'S945' do |s|
s.subspec 'S946' do |s|
s.subspec 'S947' do |s|
s.subspec 'S948' do |s|
s.subspec 'S949' do |s|
s.subspec 'S950' do |s|
s.subspec 'S951' do |s|
s.subspec 'S952' do |s|
s.subspec 'S953' do |s|
s.subspec 'S954' do |s|
s.subspec 'S955' do |s|
s.subspec 'S956' do |s|
s.subspec 'S957' do |s|
s.subspec 'S958' do |s|
s.subspec 'S959' do |s|
s.subspec 'S960' do |s|
s.subspec 'S961' do |s|
s.subspec 'S962' do |s|
s.subspec 'S963' do |s|
s.subspec 'S964' do |s|
s.subspec 'S965' do |s|
s.subspec 'S966' do |s|
s.subspec 'S967' do |s|
s.subspec 'S968' do |s|
s.subspec 'S969' do |s|
s.subspec 'S970' do |s|
s.subspec 'S971' do |s|
s.subspec 'S972' do |s|
s.subspec 'S973' do |s|
s.subspec 'S974' do |s|
s.subspec 'S975' do |s|
s.subspec 'S976' do |s|
s.subspec 'S977' do |s|
s.subspec 'S978' do |s|
s.subspec 'S979' do |s|
s.subspec 'S980' do |s|
s.subspec 'S981' do |s|
s.subspec 'S982' do |s|
s.subspec 'S983' do |s|
s.subspec 'S984' do |s|
s.subspec 'S985' do |s|
s.subspec 'S986' do |s|
s.subspec 'S987' do |s|
s.subspec 'S988' do |s|
s.subspec 'S989' do |s|
s.subspec 'S990' do |s|
s.subspec 'S991' do |s|
s.subspec 'S992' do |s|
s.subspec 'S993' do |s|
s.subspec 'S994' do |s|
s.subspec 'S995' do |s|
s.subspec 'S996' do |s|
s.subspec 'S997' do |s|
s.subspec 'S998' do |s|
s.subspec 'S999' do |s|
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end

end
