"""Experiment (2026-12-02; removed in the next commit): is the hard Tonk player's knock
threshold where it should be? ``python3 bench/tonk_knock_replay.py DEALS FIRST OUT.pkl``
plays each deal (seeds FIRST + d) twice, hard in either seat against normal, and at each
of hard's knock decisions stores the knock model's chance of being caught (p), the
opponent's knock limit as the normal bot (``tonk_read.knock_limit``), the true totals and
the hand's result; ``python3 bench/tonk_knock_replay.py show OUT.pkl`` prints, per turn
and band of p, the mean of (what knocking there would have won) - (what the hand won)
where hard did not knock, and the result where it knocked.

Measured (``1500 500000``, 3,000 hands, 8,956 decisions without a knock): at p about
0.20 (the band just above the threshold of tonk_knock.EDGE 0.2, p <= 0.2) knocking
instead would have changed the result by -0.13, -0.25, -0.71 at turns 0, 1, 2 (56, 49,
24 decisions); at p 0.25-0.45 mostly by -0.1 to -0.9, a few bands +0.15 to +0.25 (44-93
decisions, within their noise): the threshold leaves no clear chips on the table with
the information the model has. Decisions where the seat's total
was <= the opponent's and the opponent's total was within its own knock limit (a trap:
wait for its knock and catch it): 3 of 10,669.
"""
import pickle
import statistics
import collections
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from game import bots, tonk
from game.bots import tonk as normal, tonk_knock, tonk_read, tonk_hard
def collect(deals, first):
    out=[]
    for d in range(deals):
        for seat in (0,1):
            state = tonk.new_game(tonk.Rules(), ["a","b"], first+d)
            step=0; recs=[]
            while state.phase!="hand_over":
                s=state.to_act()[0]; view, legal = state.view(s), state.legal_actions(s)
                lv = "hard" if s==seat else "normal"
                action=bots.choose(view, legal, lv, seed=(first+d)*1000+step)
                if s==seat and state.phase=="start" and any(isinstance(a,tonk.Knock) for a in legal) and not view["stock_dry"]:
                    ctx=normal._Ctx(view); totals=state.totals(); mine=totals[s]; q=1-s
                    f=tonk_knock.features(ctx, mine, q)
                    F=lambda m: tonk_knock.logistic(tonk_knock.WEIGHTS[2], tonk_knock.features(ctx, m, q))
                    tstar=tonk_read.knock_limit(ctx, q)
                    pk = F(tstar) if tstar>=0 else 0.0
                    rec=dict(mine=mine, opp=totals[q], p=F(mine), pk=pk, tstar=tstar, f=f,
                             stock=view["stock_size"], cnt=len(ctx.hand), knocked=isinstance(action,tonk.Knock),
                             turns=ctx.turns_played(s))
                    recs.append(rec)
                state.apply(action); step+=1
            net=state.result["net"][seat]
            for r in recs: r["net"]=net
            out.append(recs)
    return out
def kres(r): return 1 if r["opp"]>r["mine"] else -3
def show(data):
    rows=[r for recs in data for r in recs]
    for t in range(0,5):
        b=collections.defaultdict(list); bk=collections.defaultdict(list)
        for r in rows:
            if r["turns"]!=t: continue
            key=round(r["p"]*20)/20
            if r["knocked"]: bk[key].append(kres(r))
            else: b[key].append(kres(r)-r["net"])
        print("turn",t, "n", sum(len(v) for v in b.values()), "knocks", sum(len(v) for v in bk.values()))
        for k in sorted(set(b)|set(bk)):
            if k>0.45: continue
            v=b.get(k,[]); w=bk.get(k,[])
            print(f"  p~{k:.2f} noknock n={len(v)} knock-cont={statistics.fmean(v) if v else float('nan'):+.3f} | knocked n={len(w)} res={statistics.fmean(w) if w else float('nan'):+.3f}")


if __name__ == "__main__":
    if sys.argv[1] == "show":
        show(pickle.load(open(sys.argv[2], "rb")))
    else:
        pickle.dump(collect(int(sys.argv[1]), int(sys.argv[2])), open(sys.argv[3], "wb"))
