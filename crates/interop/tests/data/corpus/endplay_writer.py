import endplay, random
from endplay.types import Deal, Board, Contract, Player, Vul, Bid, Denom, Penalty, Card
from endplay.parsers import pbn, lin
print(endplay.__version__)
random.seed(7)
boards=[]
for n in range(1,9):
    d = Deal.from_pbn("N:" + " ".join([]) ) if False else None
    deal = Deal()
    cards=list(range(52))
    random.shuffle(cards)
    # generate a random deal via endplay's generate? use pbn string from shuffled deck
    suits="SHDC"; ranks="AKQJT98765432"
    hands=[[[] for _ in range(4)] for _ in range(4)]
    for i,c in enumerate(cards):
        hands[i%4][c//13].append(ranks[c%13])
    txt="N:"+" ".join(".".join("".join(sorted(h[s],key=ranks.index)) for s in range(4)) for h in hands)
    deal = Deal(txt)
    b = Board(deal=deal, board_num=n)
    b.dealer = Player.find(["north","east","south","west"][(n-1)%4])
    b.vul = [Vul.none,Vul.ns,Vul.ew,Vul.both][[0,1,2,3,1,2,3,0,2,3,0,1,3,0,1,2][(n-1)%16]]
    if n % 2 == 0:
        b.auction = [Bid("1NT"), Bid("pass"), Bid("3NT"), Bid("pass"), Bid("pass"), Bid("pass")]
        b.contract = Contract("3NTN=")
    boards.append(b)
with open("endplay.pbn","w") as f: pbn.dump(boards, f)
with open("endplay.lin","w") as f: lin.dump(boards, f)
