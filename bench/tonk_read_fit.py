"""Experiment (2026-12-02, no gain; removed in the next commit): does reading the
opponent's last discard with weighted deals (``game.bots.tonk_read.particles``) add to
the hard player's knock model? ``python3 bench/tonk_read_fit.py collect HANDS FIRST
SAMPLES OUT.pkl`` plays normal-vs-normal two-player hands (seeds FIRST + i) and stores,
at every knock decision, the knock model's features, the particle estimates of P(the
opponent's total <= mine) (discard only: p0; also its not knocking: p1) and the truth;
``python3 bench/tonk_read_fit.py fit TRAIN.pkl TEST.pkl`` refits the logistic model with
the particle estimate's logit as a feature and prints test log-loss and the chips a seat
gains by knocking where the rule says so (replay, as bench/tonk_knock_fit.py).

Measured (train ``collect 1200 200000 60``, test ``collect 600 300000 60``; 10,406 /
5,181 decisions; 13 ms CPU per decision for both estimates): test log-loss committed
model 0.3933, refitted 0.3929, with p0 0.3909, with p1 0.3911; the particles alone 0.433
(the normal bot's own estimate about 0.46). Replay gain at EDGE 0.2: committed +0.074,
with p0 +0.063, with p1 +0.064 chips per hand. No gain: left out.
"""
import math
import pickle
import random
import sys
import time
import os
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT); sys.path.insert(0, os.path.join(ROOT, "bench"))
import tonk_knock_fit as F
from game import bots, tonk
from game.bots import tonk as normal, tonk_knock, tonk_read
def collect(hands, first, samples):
    out=[]; tp=0; nd=0
    for i in range(hands):
        state = tonk.new_game(tonk.Rules(), ["a","b"], first+i)
        step=0; recs=[]
        while state.phase!="hand_over":
            seat=state.to_act()[0]; view, legal = state.view(seat), state.legal_actions(seat)
            action=bots.choose(view, legal, "normal", seed=step)
            if state.phase=="start" and any(isinstance(a,tonk.Knock) for a in legal):
                ctx=normal._Ctx(view); totals=state.totals(); mine=totals[seat]; q=1-seat
                f=tonk_knock.features(ctx, mine, q)
                t0=time.process_time()
                res={}
                for nk in (False, True):
                    tonk_read.NO_KNOCK=nk
                    parts=tonk_read.particles(ctx, q, random.Random(step), samples)
                    res[nk] = None if parts is None else tonk_read.chance_at_most(ctx,q,parts,mine)
                tp+=time.process_time()-t0; nd+=1
                recs.append(dict(f=f, p0=res[False], p1=res[True], y=int(totals[q]<=mine), mine=mine, opp=totals[q], seat=seat, nk=isinstance(action,tonk.Knock)))
            state.apply(action); step+=1
        for r in recs: r["net"]=state.result["net"][r["seat"]]
        out.append(recs)
    print("particle ms/decision (x2)", 1000*tp/nd, file=sys.stderr)
    return out



def fit_main(train, test):
    tr=pickle.load(open(train,"rb")); te=pickle.load(open(test,"rb"))
    def lg(p): p=min(1-1e-3,max(1e-3,p)); return math.log(p/(1-p))
    def aug(r,key):
        f=list(r["f"]); p=r[key]
        return f+([lg(p),1.0] if p is not None else [0.0,0.0])
    def ll(p,y): p=min(1-1e-6,max(1e-6,p)); return -math.log(p if y else 1-p)
    rows=[r for recs in tr for r in recs]; trows=[r for recs in te for r in recs]
    w0=tonk_knock.WEIGHTS[2]
    print("train", len(rows), "test", len(trows))
    print("committed logistic test", sum(ll(tonk_knock.logistic(w0,r["f"]),r["y"]) for r in trows)/len(trows))
    wr=F.fit([r["f"] for r in rows],[r["y"] for r in rows])
    print("refit logistic test", sum(ll(tonk_knock.logistic(wr,r["f"]),r["y"]) for r in trows)/len(trows))
    ws={}
    for key in ("p0","p1"):
        w=F.fit([aug(r,key) for r in rows],[r["y"] for r in rows]); ws[key]=w
        print(key, "aug test", sum(ll(tonk_knock.logistic(w,aug(r,key)),r["y"]) for r in trows)/len(trows), [round(a,4) for a in w])
        sub=[r for r in trows if r[key] is not None]
        print("  particle alone on sub", sum(ll(r[key],r["y"]) for r in sub)/len(sub), "logistic on sub", sum(ll(tonk_knock.logistic(w0,r["f"]),r["y"]) for r in sub)/len(sub))
    def kres(r): return 1 if r["opp"]>r["mine"] else -3
    def gain(rule):
        g=0
        for recs in te:
            for seat in (0,1):
                for r in recs:
                    if r["seat"]!=seat: continue
                    if r["nk"]: break
                    if rule(r): g+=kres(r)-r["net"]; break
        return g/(2*len(te))
    for edge in (0.4,0.2,0.0):
        print(edge, "committed", round(gain(lambda r: 1-4*tonk_knock.logistic(w0,r["f"])>=edge),4),
              "p0", round(gain(lambda r: 1-4*tonk_knock.logistic(ws["p0"],aug(r,"p0"))>=edge),4),
              "p1", round(gain(lambda r: 1-4*tonk_knock.logistic(ws["p1"],aug(r,"p1"))>=edge),4))


if __name__ == "__main__":
    if sys.argv[1] == "collect":
        pickle.dump(collect(int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])),
                    open(sys.argv[5], "wb"))
    else:
        import tonk_knock_fit as F  # noqa: F401 (used by fit_main)
        fit_main(sys.argv[2], sys.argv[3])
